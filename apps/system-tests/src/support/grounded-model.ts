import { type FakeChatReply, FakeOpenAiChatServer, searchThenQuote } from '@support/models/testing';

export interface HeldAnswer {
  /** Resolves when the held request has reached the model. */
  readonly arrived: Promise<void>;
  /** Lets the held request have its answer. */
  release(): void;
}

/**
 * A well-behaved model behind the OpenAI protocol ({@link searchThenQuote}) whose next answer a
 * test can hold, to stop a turn midway.
 */
export class GroundedModel {
  private held: { arrived: () => void; answer: Promise<void> } | null = null;

  private constructor(readonly server: FakeOpenAiChatServer) {}

  static async start(): Promise<GroundedModel> {
    const server = await FakeOpenAiChatServer.start();
    const model = new GroundedModel(server);
    server.respond = (request) => model.hold(searchThenQuote(request));
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

  private hold(reply: FakeChatReply): FakeChatReply {
    const held = this.held;
    if (!held || reply.kind !== 'text') return reply;
    this.held = null;
    held.arrived();
    return { kind: 'deferred', reply: held.answer.then(() => reply) };
  }
}
