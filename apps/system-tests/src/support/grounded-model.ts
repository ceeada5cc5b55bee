import { splitSentences } from '@support/citations';
import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  parseChunksFromToolMessage,
  type RecordedChatRequest,
} from '@support/models';

export interface HeldAnswer {
  /** Resolves when the held request has reached the model. */
  readonly arrived: Promise<void>;
  /** Lets the held request have its answer. */
  release(): void;
}

/**
 * A well-behaved model behind the OpenAI protocol: it searches the knowledge base for the
 * customer's question, then quotes the best chunk's last line with its citation. A test can hold
 * the next answer (to stop a turn midway) or `misbehave` for a while.
 */
export class GroundedModel {
  /** Answers instead of the grounded script while set (undefined = behave). */
  misbehave: ((request: RecordedChatRequest) => FakeChatReply | undefined) | undefined;
  private held: { arrived: () => void; answer: Promise<void> } | null = null;

  private constructor(readonly server: FakeOpenAiChatServer) {}

  static async start(): Promise<GroundedModel> {
    const server = await FakeOpenAiChatServer.start();
    const model = new GroundedModel(server);
    server.respond = (request) => model.respond(request);
    return model;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** Holds the next answering request (the one after the search) until released. */
  holdNextAnswer(): HeldAnswer {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    this.held = { arrived, answer: new Promise<void>((resolve) => (release = resolve)) };
    return { arrived: arrival, release };
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private respond(request: RecordedChatRequest): FakeChatReply {
    const scripted = this.misbehave?.(request);
    if (scripted) return scripted;
    const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
    const sinceUser = request.messages.slice(lastUser);
    const searched = sinceUser.filter((m) => m.role === 'tool');
    if (searched.length === 0)
      return {
        kind: 'tool_calls',
        calls: [
          {
            name: 'search_knowledge_base',
            arguments: { query: textOf(request.messages[lastUser]) },
          },
        ],
      };
    const chunks = parseChunksFromToolMessage(String(searched.at(-1)!.content)) ?? [];
    const answer: FakeChatReply = chunks[0]
      ? { kind: 'text', text: `${splitSentences(chunks[0].text).at(-1)} [${chunks[0].chunkId}]` }
      : { kind: 'tool_calls', calls: [{ name: 'escalate', arguments: { reason: 'no chunks' } }] };
    const held = this.held;
    if (!held) return answer;
    this.held = null;
    held.arrived();
    return { kind: 'deferred', reply: held.answer.then(() => answer) };
  }
}

function textOf(message: Record<string, unknown> | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (part as { text?: string }).text ?? '')
      .join(' ')
      .trim();
  return '';
}
