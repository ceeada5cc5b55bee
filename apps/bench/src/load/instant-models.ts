import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  FakeTeiServer,
  searchThenQuote,
} from '@support/models';
import type { Defer } from './teardown.js';

/**
 * Local model servers that answer at once (or after `latencyMs`, like a real model), so a turn's latency is what the services add: an
 * OpenAI-compatible chat model that searches the knowledge base first and then quotes the chunk
 * sentence sharing most words with the question, cited as `[chunkId]`; and a TEI reranker.
 */
export async function startInstantModels(defer: Defer, latencyMs = 0) {
  const chat = await FakeOpenAiChatServer.start({
    respond: (request) => {
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
    // Requests are recorded for tests; a long bench would otherwise keep every prompt.
    forgetRequests: () => {
      chat.requests.length = 0;
      reranker.requests.length = 0;
    },
  };
}
