import { CHUNK_TEXT_MAX_CHARS, type ChunkDto, type Language } from '@support/contracts';
import { replyLanguage } from '@support/policy';

function sentencesOf(value: unknown, prefix = ''): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.flatMap((item, i) => sentencesOf(item, `${prefix}${prefix ? ' ' : ''}${i + 1}`));
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      typeof v === 'object' && v !== null
        ? sentencesOf(v, `${prefix}${prefix ? ' ' : ''}${key}`)
        : [`${prefix}${prefix ? ' ' : ''}${key}: ${String(v)}.`],
    );
  return [`${prefix}: ${String(value)}.`];
}

/**
 * An order tool's result as a citeable record: the same `<chunk>` data the knowledge base gives,
 * so a reply stating an order's status cites `[tool-get-order-status#3]` and the validator checks
 * its numbers against the record like any policy sentence.
 */
export function toolResultAsChunk(
  toolName: string,
  ordinal: number,
  result: unknown,
  language: Language,
): ChunkDto {
  const docId = `tool-${toolName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return {
    chunkId: `${docId}#${ordinal}`,
    docId,
    title: toolName.replace(/_/g, ' '),
    lang: replyLanguage(language),
    text: sentencesOf(result).join('\n').slice(0, CHUNK_TEXT_MAX_CHARS) || 'no data.',
    score: 1,
  };
}
