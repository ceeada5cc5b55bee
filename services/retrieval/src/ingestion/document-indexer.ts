import type { Embedder } from '@support/models';
import type { IndexedChunk, SparseVector, VectorIndex } from '@support/vector-index';
import { type Chunk, chunkDocument } from './chunker.js';
import type { KbDocument } from './kb-document.js';
import { type ScreeningFinding, screenDocument } from './screening/screen-document.js';

export interface SparseEncoder {
  encodeDocument(text: string): SparseVector;
  encodeQuery(text: string): SparseVector;
}

export type IndexingResult =
  | { readonly kind: 'indexed'; readonly chunkIds: string[]; readonly removedChunks: number }
  | {
      readonly kind: 'quarantined';
      readonly findings: ScreeningFinding[];
      /** The earlier version's chunks, which stay searchable. */
      readonly keptChunkIds: string[];
    };

/**
 * Screens a document for instructions planted for the assistant; a document with any is not
 * indexed at all (the whole version is refused, not the sentences: what is left of a poisoned
 * document is not policy anyone wrote). Otherwise chunks it, embeds and BM25-encodes every chunk
 * (sparse by the document's language), upserts the chunks and removes the ones an earlier version
 * had and this one has not. Running it twice on the same document leaves the index as it was.
 *
 * A refused version leaves an earlier clean version indexed, as a failed deploy leaves the last
 * good release running: customers keep the answers they had until a clean version is published.
 */
export class DocumentIndexer {
  constructor(
    private readonly index: VectorIndex,
    private readonly embedder: Embedder,
    private readonly sparse: { en: SparseEncoder; ar: SparseEncoder },
    private readonly targetChars = 900,
  ) {}

  async indexDocument(namespace: string, doc: KbDocument): Promise<IndexingResult> {
    await this.index.ensureCollection(namespace, { denseSize: this.embedder.dimensions });
    const findings = screenDocument(doc);
    if (findings.length > 0) {
      const keptChunkIds = await this.index.documentChunkIds(namespace, doc.docId);
      return { kind: 'quarantined', findings, keptChunkIds };
    }
    const chunks = chunkDocument(doc.docId, doc.body, { targetChars: this.targetChars });
    // The title travels with every chunk's searchable text; the stored text is the chunk alone.
    const searchable = chunks.map((c) => `${doc.title}\n${c.text}`);
    const dense = await this.embedder.embedDocuments(searchable);
    const sparse = searchable.map((text) => this.sparse[doc.lang].encodeDocument(text));
    const indexed = indexedChunks(doc, chunks, dense, sparse);
    const before = await this.index.documentChunkIds(namespace, doc.docId);
    if (indexed.length > 0) await this.index.upsert(namespace, indexed);
    const keep = new Set(indexed.map((c) => c.chunkId));
    const stale = before.filter((id) => !keep.has(id));
    if (stale.length > 0) await this.index.deleteDocumentChunks(namespace, doc.docId, [...keep]);
    return { kind: 'indexed', chunkIds: [...keep], removedChunks: stale.length };
  }
}

/** A document's chunks as the index stores them: dense and sparse vectors in chunk order. */
export function indexedChunks(
  doc: KbDocument,
  chunks: readonly Chunk[],
  dense: readonly number[][],
  sparse: readonly SparseVector[],
): IndexedChunk[] {
  return chunks.map((chunk, i) => ({
    chunkId: chunk.chunkId,
    docId: doc.docId,
    title: doc.title,
    lang: doc.lang,
    topic: doc.topic,
    text: chunk.text,
    dense: dense[i]!,
    ...(doc.lang === 'en' ? { sparseEn: sparse[i]! } : { sparseAr: sparse[i]! }),
  }));
}
