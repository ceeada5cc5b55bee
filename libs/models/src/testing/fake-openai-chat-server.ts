import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen, sendJson } from './http-fixture.js';

/** A tool call the fake model makes; string arguments are sent as they are (malformed ones too). */
export interface FakeToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** What the fake answers to one `/v1/chat/completions` request. */
export type FakeChatReply =
  /** A text answer (`finish_reason` "stop" unless given). */
  | { kind: 'text'; text: string; finishReason?: string }
  /** Tool calls, with optional text beside them (`finish_reason` "tool_calls" unless given). */
  | { kind: 'tool_calls'; calls: FakeToolCall[]; text?: string; finishReason?: string }
  /** An HTTP error with vLLM's error body (500 unless given); `retryAfterMs` speeds up retries. */
  | { kind: 'error'; status?: number; message?: string; retryAfterMs?: number }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Answer later, with whatever the promise gives (a request held mid-turn). */
  | { kind: 'deferred'; reply: Promise<FakeChatReply> }
  /** HTTP 200, JSON content type, a body that is not JSON. */
  | { kind: 'garbage' }
  /** HTTP 200 (or `status`) with this JSON body as it is: for responses that break the protocol. */
  | { kind: 'json'; body: unknown; status?: number };

/** One request as the server received it (the wire shapes, snake_case, untouched). */
export interface RecordedChatRequest {
  model: string;
  messages: Array<Record<string, unknown>>;
  tools: Array<Record<string, unknown>> | undefined;
  toolChoice: unknown;
  temperature: unknown;
  chatTemplateKwargs: unknown;
  /** The whole request body. */
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export interface FakeOpenAiChatServerOptions {
  /** Answers a request when the queue is empty; without it such a request gets HTTP 500. */
  respond?: (request: RecordedChatRequest) => FakeChatReply;
  /** Serve as vLLM 0.11 started with these options would (see {@link FakeVllmServing}). */
  vllm?: FakeVllmServing;
}

/**
 * How `vllm serve` was started, for what vLLM 0.11 checks before a request reaches the model
 * (vllm/entrypoints/openai: `GET /v1/models` lists the served name with `max_model_len`; a
 * request for another model is 404 "The model `…` does not exist."; `tool_choice: "auto"` without
 * the flags is 400 "\"auto\" tool choice requires --enable-auto-tool-choice and
 * --tool-call-parser to be set"; more images than `--limit-mm-per-prompt` is 400 "At most N
 * image(s) may be provided in one prompt.").
 */
export interface FakeVllmServing {
  /** `--served-model-name`. */
  readonly servedModelName: string;
  /** The checkpoint (`root` in the model card). */
  readonly checkpoint?: string;
  /** `--max-model-len`. */
  readonly maxModelLen: number;
  /** `--enable-auto-tool-choice --tool-call-parser hermes` given. */
  readonly autoToolChoice: boolean;
  /** `--limit-mm-per-prompt` images. */
  readonly imageLimit: number;
}

/**
 * A local server speaking the OpenAI `/v1/chat/completions` wire protocol (non-streaming), as vLLM
 * does. Scripted per test: each request takes the next reply from the queue ({@link enqueue}),
 * else asks `respond`. Every well-formed request is recorded before it is answered. `baseUrl`
 * ends in `/v1`, like the URL given to an OpenAI client.
 */
export class FakeOpenAiChatServer {
  readonly requests: RecordedChatRequest[] = [];
  readonly queue: FakeChatReply[] = [];
  respond: ((request: RecordedChatRequest) => FakeChatReply) | undefined;
  vllm: FakeVllmServing | undefined;

  private server!: Listening;
  private served = 0;

  private constructor(options: FakeOpenAiChatServerOptions) {
    this.respond = options.respond;
    this.vllm = options.vllm;
  }

  static async start(options: FakeOpenAiChatServerOptions = {}): Promise<FakeOpenAiChatServer> {
    const fake = new FakeOpenAiChatServer(options);
    fake.server = await listen((request, body, response) => fake.handle(request, body, response));
    return fake;
  }

  /** The URL to give an OpenAI client as `baseURL`: the server's origin plus `/v1`. */
  get baseUrl(): string {
    return `${this.server.origin}/v1`;
  }

  /** Queues replies for the next requests, in order. */
  enqueue(...replies: FakeChatReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Forgets recorded requests and queued replies. */
  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    if (this.vllm && request.method === 'GET' && request.url === '/v1/models')
      return sendJson(response, 200, modelList(this.vllm));
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return sendJson(response, 404, error(`no route ${request.method} ${request.url}`, 404));
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendJson(response, 400, error('body is not JSON', 400));
    }
    if (typeof parsed.model !== 'string' || !Array.isArray(parsed.messages))
      return sendJson(response, 400, error('expected {model: string, messages: [...]}', 400));
    if (parsed.tool_choice !== undefined && parsed.tools === undefined)
      return sendJson(response, 400, error('When using `tool_choice`, `tools` must be set.', 400));
    const refusal = this.vllm && vllmRefusal(this.vllm, parsed);
    if (refusal) return sendJson(response, refusal.code, { error: refusal });
    const recorded: RecordedChatRequest = {
      model: parsed.model,
      messages: parsed.messages as Array<Record<string, unknown>>,
      tools: parsed.tools as Array<Record<string, unknown>> | undefined,
      toolChoice: parsed.tool_choice,
      temperature: parsed.temperature,
      chatTemplateKwargs: parsed.chat_template_kwargs,
      body: parsed,
      authorization: request.headers.authorization,
    };
    this.requests.push(recorded);
    const reply = this.queue.shift() ?? this.respond?.(recorded);
    if (reply === undefined)
      return sendJson(
        response,
        500,
        error('fake chat server: no reply queued', 500, 'InternalServerError'),
      );
    this.served += 1;
    this.answer(reply, parsed.model, response);
  }

  private answer(reply: FakeChatReply, model: string, response: ServerResponse): void {
    switch (reply.kind) {
      case 'hang':
        return;
      case 'deferred':
        // The client may be gone by then (a killed process): the late answer goes nowhere.
        void reply.reply.then((later) => this.answer(later, model, response));
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"id": "chatcmpl-1", "choices": [');
        return;
      case 'error': {
        const status = reply.status ?? 500;
        const payload = JSON.stringify(
          error(reply.message ?? 'model crashed', status, 'InternalServerError'),
        );
        response.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(reply.retryAfterMs !== undefined
            ? { 'retry-after-ms': String(reply.retryAfterMs) }
            : {}),
        });
        response.end(payload);
        return;
      }
      case 'json':
        return sendJson(response, reply.status ?? 200, reply.body);
      case 'text':
        return sendJson(
          response,
          200,
          this.completion(model, { role: 'assistant', content: reply.text }, reply.finishReason),
        );
      case 'tool_calls': {
        const toolCalls = reply.calls.map((call, index) => ({
          id: call.id ?? `chatcmpl-tool-${this.served}-${index}`,
          type: 'function',
          function: {
            name: call.name,
            arguments:
              typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
          },
        }));
        const message = { role: 'assistant', content: reply.text ?? null, tool_calls: toolCalls };
        return sendJson(
          response,
          200,
          this.completion(model, message, reply.finishReason ?? 'tool_calls'),
        );
      }
    }
  }

  private completion(model: string, message: Record<string, unknown>, finishReason = 'stop') {
    return {
      id: `chatcmpl-${this.served}`,
      object: 'chat.completion',
      created: 1_700_000_000 + this.served,
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    };
  }
}

/** vLLM 0.11's error body (`ErrorResponse` of `ErrorInfo`, entrypoints/openai/protocol.py). */
function error(message: string, code: number, type = 'BadRequestError') {
  return { error: { message, type, param: null, code } };
}

/** `GET /v1/models` (`ModelList` of `ModelCard`, entrypoints/openai/protocol.py). */
function modelList(vllm: FakeVllmServing) {
  return {
    object: 'list',
    data: [
      {
        id: vllm.servedModelName,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'vllm',
        root: vllm.checkpoint ?? vllm.servedModelName,
        parent: null,
        max_model_len: vllm.maxModelLen,
        permission: [
          {
            id: 'modelperm-0',
            object: 'model_permission',
            created: 1_700_000_000,
            allow_create_engine: false,
            allow_sampling: true,
            allow_logprobs: true,
            allow_search_indices: false,
            allow_view: true,
            allow_fine_tuning: false,
            organization: '*',
            group: null,
            is_blocking: false,
          },
        ],
      },
    ],
  };
}

/** What vLLM refuses before the model sees the request, as its `ErrorInfo`; undefined: accepted. */
function vllmRefusal(vllm: FakeVllmServing, body: Record<string, unknown>) {
  if (body.model !== vllm.servedModelName)
    return {
      message: `The model \`${String(body.model)}\` does not exist.`,
      type: 'NotFoundError',
      param: null,
      code: 404,
    };
  if (body.tool_choice === 'auto' && !vllm.autoToolChoice)
    return {
      message:
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
  const images = (body.messages as Array<{ content?: unknown }>).flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as Array<{ type?: unknown }>).filter((part) => part.type === 'image_url')
      : [],
  ).length;
  if (images > vllm.imageLimit)
    return {
      message: `At most ${vllm.imageLimit} image(s) may be provided in one prompt.`,
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
  return undefined;
}
