import { CHUNK_TEXT_MAX_CHARS, type ChunkDto, type Language } from '@support/contracts';
import { orderRecordText, replyLanguage } from '@support/policy';

/**
 * An order tool's result as a citeable record: the same `<chunk>` data the knowledge base gives,
 * its text the sentences a customer reads ("Your order ORD-1002 was shipped on 1 December
 * 2026."), one a line, in the customer's language, and its title the name the chat shows for the
 * source ("Your order ORD-1002"). A reply stating an order's status cites
 * `[tool-get-order-status#3]` and the validator checks its numbers against these sentences like
 * any policy sentence.
 */
export function toolResultAsChunk(
  toolName: string,
  ordinal: number,
  result: unknown,
  language: Language,
): ChunkDto {
  const docId = `tool-${toolName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const lang = replyLanguage(language);
  const { title, sentences } = orderRecordText(toolName, result, lang);
  return {
    chunkId: `${docId}#${ordinal}`,
    docId,
    title,
    lang,
    text: sentences.join('\n').slice(0, CHUNK_TEXT_MAX_CHARS) || 'no data.',
    score: 1,
  };
}
