import type { ChunkDto } from '@support/contracts';

/** Longest section heading offered as an option: longer lines are sentences, not headings. */
export const SECTION_TITLE_MAX_CHARS = 80;
/** A heading is a name, not a sentence: it does not end like one. */
const SENTENCE_END = /[.!:;؛。]$/u;

/**
 * The section a chunk belongs to, as a customer would recognise it: the chunker opens every chunk
 * of a headed section with that heading and a blank line (`retrieval/ingestion/chunker.ts`), so
 * the first line of such a chunk is its heading; a chunk before any heading (a document's lead)
 * is known by the document's title. Null when neither reads as a heading.
 */
export function sectionTitleOf(chunk: Pick<ChunkDto, 'text' | 'title'>): string | null {
  const split = chunk.text.indexOf('\n\n');
  const first = split > 0 ? chunk.text.slice(0, split).trim() : '';
  if (first && !first.includes('\n') && isHeading(first)) return first;
  const title = chunk.title.trim();
  return isHeading(title) ? title : null;
}

function isHeading(line: string): boolean {
  return line.length >= 3 && line.length <= SECTION_TITLE_MAX_CHARS && !SENTENCE_END.test(line);
}
