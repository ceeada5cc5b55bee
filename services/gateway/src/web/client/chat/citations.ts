import type { CitationDto } from '@support/contracts';

export type Segment =
  { type: 'text'; value: string } | { type: 'cite'; chunkId: string; n: number };
export interface Source {
  n: number;
  chunkId: string;
  title: string;
  docId: string;
}

// A run of adjacent bracketed groups ("[a#1]" or "[a#1][b#2]"); parseCitations decides whether
// the run is a citation.
const BRACKET_RUN = /(?:\[[^[\]\n]{1,400}\])+/g;
const BRACKET_INNER = /\[([^[\]\n]+)\]/g;
// Shape of a chunk id (`returns-retail#2`) for markers the citations[] list does not name.
const CHUNK_ID_SHAPE = /^[\p{L}\p{N}_.:/-]+#\d+$/u;
const TRAILING_PUNCT = /^[.,;:!?\u060C\u061B\u061F\u06D4]+/;

function pushText(segments: Segment[], value: string): void {
  if (value) segments.push({ type: 'text', value });
}

/**
 * Splits reply text into text and citation segments and numbers the sources. Numbering follows
 * first appearance in the text; citations[] entries never marked in the text are appended so the
 * sources still show everything the server sent.
 */
export function parseCitations(
  text: string | null | undefined,
  citations: readonly Partial<CitationDto>[] | null | undefined,
): { segments: Segment[]; sources: Source[] } {
  const list = Array.isArray(citations) ? citations.filter((c) => c && c.chunkId != null) : [];
  const byId = new Map(list.map((c) => [String(c.chunkId), c]));
  const numbers = new Map<string, number>();
  const numberFor = (id: string) => {
    if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
    return numbers.get(id)!;
  };
  const isCitation = (id: string) => byId.has(id) || CHUNK_ID_SHAPE.test(id);

  const source = String(text ?? '');
  const segments: Segment[] = [];
  let last = 0;
  for (const match of source.matchAll(BRACKET_RUN)) {
    // "[a#1]", "[a#1][b#2]" or "[a#1, b#2]"; an ordinary "[note]" stays as text.
    const ids = [
      ...new Set(
        [...match[0].matchAll(BRACKET_INNER)]
          .flatMap((m) => m[1]!.split(/[,;\u060C]/))
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || !ids.every(isCitation)) continue;
    // Footnote style: "days [a#1]." renders as "days.¹" so the mark never strands the period.
    const after = match.index + match[0].length;
    const punct = (TRAILING_PUNCT.exec(source.slice(after)) ?? [''])[0];
    pushText(segments, source.slice(last, match.index).replace(/[ \t]+$/, '') + punct);
    for (const id of ids) segments.push({ type: 'cite', chunkId: id, n: numberFor(id) });
    last = after + punct.length;
  }
  pushText(segments, source.slice(last));

  for (const id of byId.keys()) numberFor(id);
  const sources = [...numbers].map(([chunkId, n]) => {
    const c = byId.get(chunkId);
    return {
      n,
      chunkId,
      title: c?.title != null ? String(c.title) : '',
      docId: c?.docId != null ? String(c.docId) : '',
    };
  });
  return { segments, sources };
}

/** The words of a reply without its citation marks (what its language is judged on). */
export function plainText(segments: readonly Segment[]): string {
  return segments.map((s) => (s.type === 'text' ? s.value : '')).join('');
}
