import { tableAsSentences } from './markdown-table.js';
import { plainText } from './markdown-text.js';

export interface Chunk {
  /** `<doc-id>#<n>`, n from 1 in document order: stable for the same document text. */
  readonly chunkId: string;
  readonly ordinal: number;
  readonly heading: string | null;
  /** The text that is embedded, encoded and shown: the section heading, then the paragraphs. */
  readonly text: string;
}

export interface ChunkingOptions {
  /** A chunk grows paragraph by paragraph up to about this many characters. */
  readonly targetChars: number;
}

const HEADING = /^(#{1,6})\s+(.*)$/;

interface Section {
  heading: string | null;
  paragraphs: string[];
}

function sections(markdown: string): Section[] {
  const result: Section[] = [{ heading: null, paragraphs: [] }];
  let paragraph: string[] = [];
  const flush = () => {
    const text = (tableAsSentences(paragraph) ?? paragraph).join('\n').trim();
    if (text) result[result.length - 1]!.paragraphs.push(text);
    paragraph = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      flush();
      // The document title (a level-1 heading) does not open a section of its own.
      if (heading[1]!.length === 1 && result.length === 1 && result[0]!.paragraphs.length === 0)
        continue;
      result.push({ heading: plainText(heading[2]!.trim()), paragraphs: [] });
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(plainText(line));
    }
  }
  flush();
  return result.filter((s) => s.paragraphs.length > 0);
}

/**
 * Splits a document by headings, then by paragraphs: each section becomes one or more chunks of
 * whole paragraphs (a paragraph is never cut), each prefixed by its section heading so a chunk
 * reads on its own in a prompt.
 */
export function chunkDocument(
  docId: string,
  markdown: string,
  options: ChunkingOptions = { targetChars: 900 },
): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections(markdown)) {
    let current: string[] = [];
    const emit = () => {
      if (current.length === 0) return;
      const ordinal = chunks.length + 1;
      const body = current.join('\n\n');
      chunks.push({
        chunkId: `${docId}#${ordinal}`,
        ordinal,
        heading: section.heading,
        text: section.heading ? `${section.heading}\n\n${body}` : body,
      });
      current = [];
    };
    for (const paragraph of section.paragraphs) {
      const size = current.reduce((n, p) => n + p.length + 2, 0);
      if (current.length > 0 && size + paragraph.length > options.targetChars) emit();
      current.push(paragraph);
    }
    emit();
  }
  return chunks;
}
