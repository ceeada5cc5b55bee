import type { ChunkDto } from '@support/contracts';

/** Longest line read as a section heading: longer lines are sentences, not headings. */
export const SECTION_TITLE_MAX_CHARS = 80;
// A chunk of a headed section opens with the heading on a line of its own, then a blank line
// (`retrieval/ingestion/chunker.ts`).
const HEADING_LINE = new RegExp(`^([^\\n]{1,${SECTION_TITLE_MAX_CHARS}})\\n\\n`);
/** A heading is a name, not a sentence: it does not end like one. */
const SENTENCE_END = /[.!?؟:؛]$/u;

/** The heading a chunk's text opens with, when it has one (a short line that ends no sentence). */
export function sectionHeading(text: string): string | undefined {
  const line = HEADING_LINE.exec(text)?.[1]?.trim();
  return line && line.length >= 3 && !SENTENCE_END.test(line) ? line : undefined;
}

/**
 * The section a chunk belongs to, as a customer would recognise it: its heading, or for a chunk
 * before any heading (a document's lead) the document's title. Null when neither reads as one.
 */
export function sectionTitleOf(chunk: Pick<ChunkDto, 'text' | 'title'>): string | null {
  const heading = sectionHeading(chunk.text);
  if (heading) return heading;
  const title = chunk.title.trim();
  return title.length >= 3 && title.length <= SECTION_TITLE_MAX_CHARS && !SENTENCE_END.test(title)
    ? title
    : null;
}
