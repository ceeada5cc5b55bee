import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  messageText,
  type RecordedChatRequest,
} from '@support/models/testing';
import { parseChunksFromToolMessage, SEARCH_KNOWLEDGE_BASE_TOOL } from '@support/policy';
import type { SectionChunk } from './placeholders.js';

/** The case the model answers now: the draft (placeholders resolved) and the sections it cites. */
export interface ScriptedAnswer {
  readonly text: string;
  readonly cited: readonly SectionChunk[];
}

/** What the model had in front of it when it gave its answer. */
export interface AnswerSeen {
  /** Chunk ids of every search result of the turn in the request that got the answer. */
  readonly promptChunkIds: ReadonlySet<string>;
  /** Knowledge-base searches the turn made before the answer (1: the question's alone). */
  readonly searches: number;
}

/** Searches a model makes before answering without the section it means to cite. */
const MAX_SEARCHES = 3;

/**
 * The scripted chat model behind the OpenAI protocol (vLLM's response shape): it searches the
 * knowledge base for the customer's question, searches again by the title and heading of a cited
 * section the results lacked (as a model looking for more does), then answers with the draft.
 * `answered` is what the answering request held, for the bench to tell whether the cited chunks
 * were in the prompt; undefined when the model was never asked for its answer.
 */
export class ScriptedDraftsModel {
  current: ScriptedAnswer | undefined;
  answered: AnswerSeen | undefined;

  private constructor(readonly server: FakeOpenAiChatServer) {}

  static async start(servedModelName: string): Promise<ScriptedDraftsModel> {
    const server = await FakeOpenAiChatServer.start({
      vllm: { servedModelName, maxModelLen: 16_384, autoToolChoice: true, imageLimit: 4 },
    });
    const model = new ScriptedDraftsModel(server);
    server.respond = (request) => model.respond(request);
    return model;
  }

  /** Starts a case: the next turn is answered with this draft. */
  script(answer: ScriptedAnswer): void {
    this.current = answer;
    this.answered = undefined;
    this.server.reset();
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private respond(request: RecordedChatRequest): FakeChatReply {
    const answer = this.current;
    if (!answer) return { kind: 'error', status: 500, message: 'no case scripted' };
    const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
    const since = request.messages.slice(lastUser + 1);
    const searches = since.filter((m) => m.role === 'tool').length;
    const seen = new Set(
      since
        .filter((m) => m.role === 'tool')
        .flatMap((m) => parseChunksFromToolMessage(messageText(m.content)) ?? [])
        .map((chunk) => chunk.chunkId),
    );
    const missing = answer.cited.find((section) => !seen.has(section.chunkId));
    if (searches === 0 || (missing && searches < MAX_SEARCHES)) {
      const query =
        searches === 0
          ? messageText(request.messages[lastUser]?.content)
          : `${missing!.title} ${missing!.heading}`.trim();
      return {
        kind: 'tool_calls',
        calls: [{ name: SEARCH_KNOWLEDGE_BASE_TOOL, arguments: { query } }],
      };
    }
    this.answered = { promptChunkIds: seen, searches };
    return { kind: 'text', text: answer.text };
  }
}
