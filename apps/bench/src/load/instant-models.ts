import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  FakeTeiServer,
  recordedRequestTokens,
  searchThenQuote,
} from '@support/models/testing';
import type { Defer } from './teardown.js';

/** One chat request the model received: when (bench clock) and its prompt tokens, estimated. */
export interface ModelRequestSeen {
  readonly atMs: number;
  readonly promptTokens: number;
}

/**
 * Local model servers that answer at once (or after `latencyMs`, like a real model), so a turn's
 * latency is what the services add: an OpenAI-compatible chat model that searches the knowledge base first and then quotes the chunk
 * sentence sharing most words with the question, cited as `[chunkId]`; and a TEI reranker. Each
 * chat request's prompt is estimated as the agent estimates it (`estimateRequestTokens`), so the
 * bench can show what the model was sent, turn by turn.
 */
export async function startInstantModels(defer: Defer, latencyMs = 0) {
  const seen: ModelRequestSeen[] = [];
  const chat = await FakeOpenAiChatServer.start({
    respond: (request) => {
      seen.push({ atMs: Date.now(), promptTokens: recordedRequestTokens(request) });
      const reply = searchThenQuote(request);
      if (latencyMs === 0) return reply;
      const later = new Promise<FakeChatReply>((resolve) =>
        setTimeout(() => resolve(reply), latencyMs),
      );
      return { kind: 'deferred', reply: later };
    },
  });
  defer(() => chat.close());
  const reranker = await FakeTeiServer.start({ behaviour: 'ok' });
  defer(() => reranker.close());
  return {
    env: { LLM_BASE_URL: chat.baseUrl, RERANKER_URL: reranker.url },
    /** The chat requests since the last {@link forgetRequests}, oldest first. */
    requestsSeen: (): readonly ModelRequestSeen[] => seen,
    // Requests are recorded for tests; a long bench would otherwise keep every prompt.
    forgetRequests: () => {
      chat.requests.length = 0;
      reranker.requests.length = 0;
      seen.length = 0;
    },
  };
}
