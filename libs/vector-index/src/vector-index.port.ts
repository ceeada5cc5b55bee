/**
 * The vector index port: where retrieval keeps the chunks of the shop's documents and asks for the
 * nearest ones. Production uses Qdrant (`QdrantVectorIndex`); with no configuration the service
 * uses `InProcessVectorIndex`. Both pass the one conformance suite in
 * `testing/vector-index.contract.ts`, and any new adapter must pass it too.
 *
 * ## Collections
 * A namespace names one collection (Qdrant: the collection name). Retrieval uses
 * {@link DEFAULT_NAMESPACE}. A namespace is 1 to 128 characters from `[A-Za-z0-9_-]`. Every
 * operation except {@link VectorIndex.ensureCollection} rejects with `CollectionNotFound`
 * (code `not_found`) when the collection does not exist yet.
 *
 * ## Points
 * One point per chunk, identified by `chunkId` (`"<doc-id>#<n>"`). A point carries three named
 * vectors, one per {@link IndexLeg}:
 * - `dense`: the embedding, of the size fixed when the collection was created;
 * - `sparse_en`, `sparse_ar`: BM25 document weights of the chunk's English / Arabic analysis.
 *   Either may be absent (or empty, which means the same): such a point never matches that leg.
 *
 * ## Scoring (identical in every adapter)
 * - `dense`: cosine similarity between the query and the stored vector (`dot(q, d) / |q||d|`).
 *   Every point is a candidate, whatever its score.
 * - `sparse_en` / `sparse_ar`: a dot product in which each stored document weight is multiplied by
 *   the token's IDF, computed by the index from what it holds at query time, as Qdrant does for a
 *   sparse vector configured with `modifier: "idf"`:
 *
 *   `score(q, d) = Σ_t q_t · idf(t) · d_t`, `idf(t) = ln((N - n(t) + 0.5) / (n(t) + 0.5) + 1)`,
 *
 *   where `N` is the number of points of the collection that have a vector for this leg and
 *   `n(t)` the number of those whose vector lists token `t`. Query values are used as given (fastembed's
 *   `Qdrant/bm25` sends 1 per unique query token). Only points sharing at least one token with the
 *   query are candidates, and a hit whose score is exactly 0 is dropped.
 * - Hits come best first; equal scores are ordered by `chunkId` ascending (within the returned
 *   page: an adapter whose engine cuts ties arbitrarily at the limit may return a different one of
 *   several equally scored points at the last place).
 * - Scores are single-precision in Qdrant: compare them with a tolerance, not for equality.
 * - Known difference of a real Qdrant: after points are deleted, its IDF statistics keep counting
 *   them until the optimizer rewrites the segment (qdrant/qdrant#6735). Nothing may depend on exact
 *   sparse scores right after a deletion.
 *
 * ## Validation
 * Invalid input rejects with `InvalidIndexInput` (code `validation_failed`) before anything changes:
 * a bad namespace, a dense vector of the wrong size, with a non-finite value or all zeros, a sparse
 * vector whose indices are not strictly increasing unsigned 32-bit integers or whose `values` differ
 * in length, two chunks with the same `chunkId` in one batch, a limit that is not a positive integer.
 * An engine failure (unreachable, timeout, unexpected answer) rejects with `VectorIndexUnavailable`
 * (code `internal`, retryable).
 */

/** The collection retrieval reads and ingest writes unless told otherwise. */
export const DEFAULT_NAMESPACE = 'support_docs';

/** One named vector of a point, and so one retrieval leg. */
export type IndexLeg = 'dense' | 'sparse_en' | 'sparse_ar';

/** The legs scored by an IDF-weighted dot product. */
export type SparseLeg = Exclude<IndexLeg, 'dense'>;

export const INDEX_LEGS: readonly IndexLeg[] = ['dense', 'sparse_en', 'sparse_ar'];

/**
 * A sparse vector: `indices[i]` is a token id (murmur3 hash of a stem), `values[i]` its weight.
 * Indices are strictly increasing (sorted, unique) unsigned 32-bit integers; both arrays have the
 * same length.
 */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** A chunk as ingest writes it: the text and metadata returned in hits, plus its three vectors. */
export interface IndexedChunk {
  /** Unique within the namespace: `"<doc-id>#<n>"`. Upserting an existing id replaces the point. */
  chunkId: string;
  docId: string;
  title: string;
  lang: 'en' | 'ar';
  topic: string;
  text: string;
  /** The embedding; its length must equal the collection's `denseSize` (1024 in production). */
  dense: number[];
  /** BM25 document weights of the English analysis; absent = never matches `sparse_en`. */
  sparseEn?: SparseVector;
  /** BM25 document weights of the Arabic analysis; absent = never matches `sparse_ar`. */
  sparseAr?: SparseVector;
}

/** One scored point of a leg's answer: the chunk without its vectors. */
export interface IndexHit {
  chunkId: string;
  docId: string;
  title: string;
  lang: 'en' | 'ar';
  topic: string;
  text: string;
  score: number;
}

/** The query of a leg: a dense vector for `dense`, a sparse vector for the sparse legs. */
export type LegQuery = number[] | SparseVector;

export interface VectorIndex {
  /**
   * Creates the namespace's collection with the three named vectors if it does not exist.
   * Idempotent: calling it again changes nothing and keeps the points. Rejects with
   * `CollectionConfigMismatch` (code `config_invalid`) when the collection exists with another
   * dense size, since vectors of two sizes cannot share it.
   */
  ensureCollection(namespace: string, options: { denseSize: number }): Promise<void>;

  /**
   * Inserts the chunks, replacing whole points (all vectors and the payload) whose `chunkId`
   * exists already: a replaced point without `sparseAr` no longer matches `sparse_ar`. Resolves once
   * the points are visible to queries (and, for a persistent adapter, durable). A batch is
   * validated whole before anything changes; an empty batch does nothing.
   */
  upsert(namespace: string, chunks: IndexedChunk[]): Promise<void>;

  /**
   * Removes a document's chunks except those listed (re-ingest drops stale chunks). Without a
   * keep list every chunk of the document goes. Resolves to the number of points removed when the
   * adapter knows it (both adapters here do), once the removal is visible to queries.
   */
  deleteDocumentChunks(
    namespace: string,
    docId: string,
    keepChunkIds?: string[],
  ): Promise<number | void>;

  /**
   * The best `limit` points of one leg for the query, scored as described on this module. The
   * query must fit the leg: a dense vector of the collection's size for `dense`, a sparse vector for
   * `sparse_en` / `sparse_ar`.
   */
  query(namespace: string, leg: IndexLeg, vector: LegQuery, limit: number): Promise<IndexHit[]>;

  /** Number of points in the namespace. */
  count(namespace: string): Promise<number>;

  /** The `chunkId`s of a document's points, ascending; empty when the document has none. */
  documentChunkIds(namespace: string, docId: string): Promise<string[]>;

  /** Waits for pending writes and releases what the adapter holds. */
  close?(): Promise<void>;
}
