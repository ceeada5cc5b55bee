import { chunkDocument, type KbDocument } from '@support/retrieval/pure';

/** Where a cited section's chunk is: what the scripted model searches for when it is missing. */
export interface SectionChunk {
  readonly chunkId: string;
  readonly docId: string;
  readonly title: string;
  /** The section heading; '' for the text before the first `##` heading. */
  readonly heading: string;
  /** Chunks the section made: above 1, a draft citing it may state what only a later one holds. */
  readonly chunks: number;
}

const PLACEHOLDER = /\{\{([^{}|]+)\|([^{}]*)\}\}/g;
// Headings match as the chunker keeps them, whatever emphasis marks or spacing the draft's author
// copied from the Markdown.
const key = (docId: string, heading: string) =>
  `${docId.trim()}\u0000${heading.replace(/[*_`]/g, '').trim().replace(/\s+/g, ' ').toLowerCase()}`;

/**
 * Each section's chunk, by document id and heading, chunked by the project's own chunker with the
 * indexer's default size, so the ids are the ones retrieval hands the model. A section long enough
 * to make two chunks resolves to its first (the format keeps sections under 700 characters).
 */
export function sectionChunks(docs: readonly KbDocument[]): Map<string, SectionChunk> {
  const sections = new Map<string, SectionChunk>();
  for (const doc of docs)
    for (const chunk of chunkDocument(doc.docId, doc.body)) {
      const heading = chunk.heading ?? '';
      const at = key(doc.docId, heading);
      const first = sections.get(at);
      sections.set(
        at,
        first
          ? { ...first, chunks: first.chunks + 1 }
          : { chunkId: chunk.chunkId, docId: doc.docId, title: doc.title, heading, chunks: 1 },
      );
    }
  return sections;
}

export interface ResolvedDraft {
  /** The draft as the model sends it: every placeholder replaced by its chunk id. */
  readonly text: string;
  /** The cited sections, in order of first citation, without duplicates. */
  readonly cited: SectionChunk[];
}

/** Replaces `{{doc-id|Heading}}` by the chunk id of that section; an unknown section throws. */
export function resolvePlaceholders(
  draft: string,
  sections: ReadonlyMap<string, SectionChunk>,
): ResolvedDraft {
  const cited = new Map<string, SectionChunk>();
  const text = draft.replace(PLACEHOLDER, (_match, docId: string, heading: string) => {
    const section = sections.get(key(docId, heading));
    if (!section) throw new Error(`no section "${heading}" in document "${docId}"`);
    cited.set(section.chunkId, section);
    return section.chunkId;
  });
  if (/\{\{|\}\}/.test(text)) throw new Error(`a placeholder is malformed in: ${draft}`);
  return { text, cited: [...cited.values()] };
}
