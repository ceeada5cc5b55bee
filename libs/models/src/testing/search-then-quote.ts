import {
  parseChunksFromToolMessage,
  type PromptChunk,
  SEARCH_KNOWLEDGE_BASE_TOOL,
} from '@support/policy';
import type { FakeChatReply, RecordedChatRequest } from './fake-openai-chat-server.js';

/** A message's text: a string, or the text parts of a content array. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? part.text : ''))
    .join(' ');
}

/** The customer's question: the text of the request's last user message. */
export function questionOf(request: RecordedChatRequest): string {
  return messageText(request.messages.findLast((m) => m.role === 'user')?.content);
}

/**
 * A well-behaved model's move: search the knowledge base for the customer's question, then quote
 * the retrieved sentence that shares most words with it, cited as `[chunkId]`.
 */
export function searchThenQuote(request: RecordedChatRequest): FakeChatReply {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
  const question = questionOf(request);
  const toolResult = request.messages.slice(lastUser + 1).findLast((m) => m.role === 'tool');
  if (!toolResult)
    return {
      kind: 'tool_calls',
      calls: [{ name: SEARCH_KNOWLEDGE_BASE_TOOL, arguments: { query: question } }],
    };
  const chunks = parseChunksFromToolMessage(messageText(toolResult.content)) ?? [];
  const quote = bestSentence(question, chunks);
  return quote
    ? { kind: 'text', text: `${quote.sentence} [${quote.chunkId}]` }
    : { kind: 'text', text: 'Could you rephrase your question?' };
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
// Cut only, never rewrite: a sentence ends at a terminator followed by white space, or a line break.
const SENTENCE = /.*?(?:[.!?؟؛…]+(?=\s|$)|$)/g;

const LIST_ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/**
 * The chunk sentence sharing most words with the question; ties go to the higher-ranked chunk. A
 * list item is quoted after the line that introduces its list ("Items that cannot be returned:
 * Swimwear"), as a faithful model does: the item alone would not say what the list is.
 */
function bestSentence(question: string, chunks: readonly PromptChunk[]) {
  const wanted = words(question);
  let best: { sentence: string; chunkId: string; shared: number } | undefined;
  for (const chunk of chunks) {
    let lead: string | undefined;
    for (const line of chunk.text.split('\n')) {
      const item = LIST_ITEM.test(line);
      if (!item && line.trim()) lead = line.trim().replace(/[:：]\s*$/, '');
      for (const [match] of line.replace(LIST_ITEM, '').matchAll(SENTENCE)) {
        const sentence = match.trim();
        if (!/[\p{L}\p{N}]/u.test(sentence) || sentence.startsWith('#')) continue;
        const shared = [...words(sentence)].filter((w) => wanted.has(w)).length;
        const quoted = item && lead ? `${lead}: ${sentence}` : sentence;
        if (!best || shared > best.shared)
          best = { sentence: quoted, chunkId: chunk.chunkId, shared };
      }
    }
  }
  return best;
}
