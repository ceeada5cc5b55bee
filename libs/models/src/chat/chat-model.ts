import type { ToolSpec } from '@support/policy';

/** A plain-text part of a user message. */
export interface TextPart {
  type: 'text';
  text: string;
}

/** An image attached by the customer (a photo of a damaged item), as base64 bytes. */
export interface ImagePart {
  type: 'image';
  /** `image/jpeg`, `image/png`, `image/webp`, ... */
  mimeType: string;
  /** The image bytes, base64-encoded, without a `data:` prefix. */
  dataBase64: string;
}

export type UserContentPart = TextPart | ImagePart;

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  /** A string, or parts when the customer attached images. */
  content: string | readonly UserContentPart[];
}

export interface AssistantMessage {
  role: 'assistant';
  /** The text the model wrote (may be empty when it only called tools). */
  content: string;
  toolCalls?: readonly ToolCall[];
}

export interface ToolMessage {
  role: 'tool';
  /** The `id` of the tool call this message answers. */
  toolCallId: string;
  content: string;
  /**
   * The tool's result as data, for a responder that reads records rather than prose (the
   * extractive responder's order turns); chat model adapters send the model only `content`.
   */
  data?: unknown;
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A call of a tool requested by the model. */
export interface ToolCall {
  /** Unique within the conversation; the answering {@link ToolMessage} carries it as `toolCallId`. */
  id: string;
  name: string;
  /** The parsed arguments; `{}` when {@link ToolCall.malformed}. */
  arguments: Record<string, unknown>;
  /**
   * Set when the model sent arguments that are not a JSON object (invalid JSON, an array, a
   * string...). The call is surfaced rather than thrown so the graph decides: answer it with a
   * tool error message, or escalate. Never run a tool with the `{}` of a malformed call as if the
   * model had meant it.
   */
  malformed?: true;
  /** The arguments exactly as the model sent them, kept for traces when `malformed`. */
  rawArguments?: string;
}

/**
 * - `stop`: the model finished its answer (or its tool calls, for servers that say so);
 * - `tool_calls`: the model stopped to have tools run;
 * - `length`: cut by the token limit (the text is incomplete);
 * - `content_filter`: cut by the server's filter;
 * - `other`: anything else the server reported.
 */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

export interface ChatRequest {
  messages: readonly ChatMessage[];
  /** Tools on offer; none means the model must answer in text. */
  tools?: readonly ToolSpec[];
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ChatCompletion {
  /** The reply text, trimmed, with any `<think>...</think>` reasoning removed; `''` when none. */
  text: string;
  /** Tool calls in the order the model made them; empty when it answered in text. */
  toolCalls: ToolCall[];
  finishReason: FinishReason;
}

/**
 * The chat-model (LLM) port: one model turn over a conversation, OpenAI-shaped but owned here.
 *
 * Contract, checked for every adapter by `describeChatModelContract`:
 * - `complete` never mutates the request;
 * - a reply is text, tool calls, or both; every tool call has a non-empty `id` unique within the
 *   reply, the `name` the model gave, and `arguments` that are a plain object;
 * - tool arguments that are not a JSON object do not fail the call: the tool call comes back with
 *   `arguments: {}`, `malformed: true` and the raw string (see {@link ToolCall.malformed});
 * - the reply text carries no reasoning block (`<think>...</think>`);
 * - failures of the model server reject with a {@link ModelError}: `ModelUnavailable` (unreachable,
 *   HTTP error), `ModelTimeout` (no answer in the configured time, retries included),
 *   `ModelInvalidResponse` (an answer that breaks the wire protocol); an aborted `signal` rejects
 *   with the signal's reason instead.
 */
export interface ChatModel {
  /** Names the model behind the port, for traces: `extractive`, `openai-compatible:<model>`. */
  readonly id: string;
  /**
   * The model answers only with knowledge-base sentences, verbatim (the extractive responder):
   * retrieval then gates on sentences for it, so that no sentence that answers means no answer.
   * Absent for a model that writes its own words.
   */
  readonly answersVerbatim?: true;
  complete(request: ChatRequest): Promise<ChatCompletion>;
}

/** The text of a user message, its text parts joined by a blank line. */
export function userText(message: UserMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}

/**
 * Reads the JSON arguments string of a tool call. A string that is not a JSON object gives `{}`
 * with `malformed: true`; an empty string means "no arguments" and gives `{}`.
 */
export function parseToolArguments(
  raw: string,
): Pick<ToolCall, 'arguments' | 'malformed' | 'rawArguments'> {
  if (raw.trim() === '') return { arguments: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return { arguments: parsed as Record<string, unknown> };
  } catch {
    // fall through: malformed
  }
  return { arguments: {}, malformed: true, rawArguments: raw };
}
