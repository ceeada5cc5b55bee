import type { ToolSpec } from '@support/policy';
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { ModelInvalidResponse, ModelUnavailable } from '../errors.js';
import { JsonHttpClient, type JsonHttpResponse } from '../http/json-http-client.js';
import { noAnswer } from '../http/no-answer.js';
import { serverErrorText } from '../http/server-error-text.js';
import {
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type FinishReason,
  parseToolArguments,
  type ToolCall,
} from './chat-model.js';

export interface OpenAiCompatibleChatModelOptions {
  /** Base URL of the OpenAI-compatible API, including the version path: `http://vllm:8000/v1`. */
  baseUrl: string;
  model: string;
  /** One `complete` call, retries included, in ms. */
  timeoutMs?: number;
  /** Retries of a failed request (connection errors, 408/409/429/5xx), as the openai client does. */
  maxRetries?: number;
  /** Sent as a bearer token; vLLM ignores it unless started with `--api-key`. */
  apiKey?: string;
  /** Sampling temperature; 0 (default) keeps answers repeatable. */
  temperature?: number;
  /** Cap on generated tokens; unset leaves it to the server. */
  maxTokens?: number;
  /**
   * Qwen3's chat-template switch, sent as `chat_template_kwargs: { enable_thinking }` (vLLM's
   * request field for chat-template arguments). Off by default: a support reply needs no
   * reasoning trace, and thinking would only add latency. Templates that do not read it ignore it.
   */
  enableThinking?: boolean;
}

/** vLLM's extension of the chat request: keyword arguments for the model's chat template. */
interface VllmChatParams extends ChatCompletionCreateParamsNonStreaming {
  chat_template_kwargs: { enable_thinking: boolean };
}

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'length',
  content_filter: 'content_filter',
};

/**
 * Any OpenAI-compatible chat API (`POST /chat/completions`, not streamed); in production vLLM
 * serving Qwen3-VL-8B with tool calling on (`--enable-auto-tool-choice --tool-call-parser hermes`).
 * The request and response types are the openai package's; the transport is
 * {@link JsonHttpClient}, which costs a turn a fraction of the openai client's CPU.
 */
export class OpenAiCompatibleChatModel implements ChatModel {
  readonly id: string;
  private readonly client: JsonHttpClient;
  /** Who failed, in error messages. */
  private readonly where: string;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly temperature: number;
  private readonly maxTokens: number | undefined;
  private readonly enableThinking: boolean;

  constructor(options: OpenAiCompatibleChatModelOptions) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.temperature = options.temperature ?? 0;
    this.maxTokens = options.maxTokens;
    this.enableThinking = options.enableThinking ?? false;
    this.id = `openai-compatible:${this.model}`;
    this.where = `Chat model server for "${this.model}"`;
    this.client = new JsonHttpClient({
      baseUrl: options.baseUrl,
      maxRetries: options.maxRetries ?? 1,
      headers: { authorization: `Bearer ${options.apiKey ?? 'unused'}` },
    });
  }

  async complete(request: ChatRequest): Promise<ChatCompletion> {
    request.signal?.throwIfAborted();
    // Our own deadline over the whole call, retries included; the client's `timeout` only bounds
    // one attempt, and how it reports a timeout depends on the fetch implementation's errors.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const tools = request.tools ?? [];
    const body: VllmChatParams = {
      model: this.model,
      messages: request.messages.map(toWireMessage),
      // vLLM refuses `tool_choice` without `tools`: send both or neither.
      ...(tools.length > 0 ? { tools: tools.map(toWireTool), tool_choice: 'auto' as const } : {}),
      temperature: this.temperature,
      ...(this.maxTokens !== undefined ? { max_tokens: this.maxTokens } : {}),
      chat_template_kwargs: { enable_thinking: this.enableThinking },
    };
    let answer: JsonHttpResponse;
    try {
      answer = await this.client.post('/chat/completions', body, signal);
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      throw noAnswer(this.where, { error, timedOut: deadline.aborted, timeoutMs: this.timeoutMs });
    }
    if (answer.status >= 400)
      throw new ModelUnavailable(
        `${this.where} answered HTTP ${answer.status}: ${serverErrorText(answer.text)}`,
        answer.status,
      );
    let response: unknown;
    try {
      response = JSON.parse(answer.text);
    } catch (error) {
      throw new ModelInvalidResponse(`${this.where} answered with a body that is not JSON`, {
        cause: error,
      });
    }
    return this.readCompletion(response);
  }

  /** The first choice of the response, checked against the wire protocol. */
  private readCompletion(response: unknown): ChatCompletion {
    const invalid = (reason: string) =>
      new ModelInvalidResponse(`Chat model "${this.model}" ${reason}`);
    if (response === null || typeof response !== 'object')
      throw invalid(`answered with ${typeof response}, not a chat completion object`);
    const choices = (response as { choices?: unknown }).choices;
    if (!Array.isArray(choices) || choices.length === 0) throw invalid('returned no choices');
    const choice = choices[0] as { message?: unknown; finish_reason?: unknown } | null;
    const message = choice?.message as { content?: unknown; tool_calls?: unknown } | undefined;
    if (message === null || typeof message !== 'object') throw invalid('returned no message');
    const content = message.content ?? '';
    if (typeof content !== 'string') throw invalid('returned non-text content');
    const rawCalls = message.tool_calls ?? [];
    if (!Array.isArray(rawCalls)) throw invalid('returned `tool_calls` that is not an array');
    const toolCalls: ToolCall[] = rawCalls.map((raw: unknown, index) => {
      const { id, function: fn } = (raw ?? {}) as { id?: unknown; function?: unknown };
      const { name, arguments: args } = (fn ?? {}) as { name?: unknown; arguments?: unknown };
      if (typeof name !== 'string' || name === '')
        throw invalid(`returned tool call ${index} without a function name`);
      // Some servers send parsed arguments instead of the JSON string; both are accepted.
      const parsed =
        typeof args === 'string'
          ? parseToolArguments(args)
          : args === undefined || args === null
            ? parseToolArguments('')
            : typeof args === 'object' && !Array.isArray(args)
              ? { arguments: args as Record<string, unknown> }
              : parseToolArguments(JSON.stringify(args));
      return { id: typeof id === 'string' && id !== '' ? id : `call_${index}`, name, ...parsed };
    });
    const ids = new Set(toolCalls.map((call) => call.id));
    if (ids.size !== toolCalls.length) throw invalid('returned two tool calls with the same id');
    const reason = typeof choice?.finish_reason === 'string' ? choice.finish_reason : '';
    const finishReason =
      FINISH_REASONS[reason] ?? (toolCalls.length > 0 ? 'tool_calls' : reason ? 'other' : 'stop');
    return { text: stripReasoning(content), toolCalls, finishReason };
  }
}

/**
 * The reply without reasoning: every `<think>...</think>` block, a reasoning prefix whose opening
 * tag was in the prompt (`...</think>answer`), and an unclosed `<think>` left by a cut-off reply.
 */
export function stripReasoning(text: string): string {
  let stripped = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  const orphanClose = stripped.lastIndexOf('</think>');
  if (orphanClose >= 0) stripped = stripped.slice(orphanClose + '</think>'.length);
  const unclosed = stripped.indexOf('<think>');
  if (unclosed >= 0) stripped = stripped.slice(0, unclosed);
  return stripped.trim();
}

function toWireTool(tool: ToolSpec): ChatCompletionFunctionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: { ...tool.parameters },
    },
  };
}

function toWireMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      if (typeof message.content === 'string') return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: message.content.map((part): ChatCompletionContentPart =>
          part.type === 'text'
            ? { type: 'text', text: part.text }
            : {
                type: 'image_url',
                image_url: { url: `data:${part.mimeType};base64,${part.dataBase64}` },
              },
        ),
      };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      return {
        role: 'assistant',
        // OpenAI's format: null content when the turn is only tool calls.
        content: message.content === '' && calls.length > 0 ? null : message.content,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                // Always a JSON object: vLLM parses the arguments of past calls for the template.
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}
