import {
  type FakeChatReply,
  FakeOpenAiChatServer,
  FakeTeiServer,
  parseChunksFromToolMessage,
  type PromptChunk,
  type RecordedChatRequest,
  SEARCH_KNOWLEDGE_BASE_TOOL,
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

function searchThenQuote(request: RecordedChatRequest): FakeChatReply {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  const question = textOf(request.messages[lastUser]?.content);
  const toolResult = request.messages.slice(lastUser + 1).findLast((m) => m.role === 'tool');
  if (!toolResult)
    return {
      kind: 'tool_calls',
      calls: [{ name: SEARCH_KNOWLEDGE_BASE_TOOL, arguments: { query: question } }],
    };
  const chunks = parseChunksFromToolMessage(textOf(toolResult.content)) ?? [];
  const quote = bestSentence(question, chunks);
  return quote
    ? { kind: 'text', text: `${quote.sentence} [${quote.chunkId}]` }
    : { kind: 'text', text: 'Could you rephrase your question?' };
}

/** A message's text: a string, or the text parts of a content array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? part.text : ''))
    .join(' ');
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
// Cut only, never rewrite: a sentence ends at a terminator followed by white space, or a line break.
const SENTENCE = /.*?(?:[.!?؟؛…]+(?=\s|$)|$)/g;

/** The chunk sentence sharing most words with the question; ties go to the higher-ranked chunk. */
function bestSentence(question: string, chunks: readonly PromptChunk[]) {
  const wanted = words(question);
  let best: { sentence: string; chunkId: string; shared: number } | undefined;
  for (const chunk of chunks)
    for (const line of chunk.text.split('\n'))
      for (const [match] of line.replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '').matchAll(SENTENCE)) {
        const sentence = match.trim();
        if (!/[\p{L}\p{N}]/u.test(sentence) || sentence.startsWith('#')) continue;
        const shared = [...words(sentence)].filter((w) => wanted.has(w)).length;
        if (!best || shared > best.shared) best = { sentence, chunkId: chunk.chunkId, shared };
      }
  return best;
}
