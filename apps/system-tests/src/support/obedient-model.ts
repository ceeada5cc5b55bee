import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  type FakeToolCall,
  messageText,
  questionOf,
  type RecordedChatRequest,
} from '@support/models/testing';
import { parseChunksFromToolMessage, type PromptChunk } from '@support/policy';

/** One tool call of a turn with the result the model was shown for it. */
export interface SeenToolResult {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly content: string;
}

/** What the model has in front of it when it writes its answer. */
export interface ModelView {
  /** The system prompt the agent sent. */
  readonly system: string;
  /** The customer's last message. */
  readonly question: string;
  /** Every `<chunk>` of the tool results since that message: policy chunks and order records. */
  readonly chunks: PromptChunk[];
  readonly toolResults: SeenToolResult[];
}

/** How the model behaves for a turn: which tools it calls first, then what it answers. */
export interface Script {
  /** Called once per turn, before any answer; none (or []) = answer straight away. */
  readonly calls?: (question: string) => FakeToolCall[];
  readonly answer: (view: ModelView) => string;
}

/** The tool calls of a recorded request since its last user message, with their results. */
export function toolResultsOf(request: RecordedChatRequest): SeenToolResult[] {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  const since = request.messages.slice(lastUser + 1);
  const calls = new Map<string, { name: string; arguments: Record<string, unknown> }>();
  for (const message of since)
    for (const call of (message.tool_calls as
      { id: string; function: { name: string; arguments: string } }[] | undefined) ?? [])
      calls.set(call.id, {
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments || '{}') as Record<string, unknown>,
      });
  return since
    .filter((m) => m.role === 'tool')
    .map((m) => ({
      name: calls.get(String(m.tool_call_id))?.name ?? '?',
      arguments: calls.get(String(m.tool_call_id))?.arguments ?? {},
      content: messageText(m.content),
    }));
}

/**
 * A chat model behind the OpenAI protocol that does whatever its current {@link Script} says:
 * the stand-in for a real model that a customer has talked into obeying them.
 */
export class ObedientModel {
  script: Script = { answer: () => 'Hello!' };

  private constructor(readonly server: FakeOpenAiChatServer) {}

  static async start(): Promise<ObedientModel> {
    const server = await FakeOpenAiChatServer.start();
    const model = new ObedientModel(server);
    server.respond = (request) => model.respond(request);
    return model;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  get requests(): RecordedChatRequest[] {
    return this.server.requests;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private respond(request: RecordedChatRequest): FakeChatReply {
    const question = questionOf(request);
    const results = toolResultsOf(request);
    const calls = results.length === 0 ? (this.script.calls?.(question) ?? []) : [];
    if (calls.length > 0) return { kind: 'tool_calls', calls };
    return {
      kind: 'text',
      text: this.script.answer({
        system: messageText(request.messages.find((m) => m.role === 'system')?.content),
        question,
        chunks: results.flatMap((r) => parseChunksFromToolMessage(r.content) ?? []),
        toolResults: results,
      }),
    };
  }
}
