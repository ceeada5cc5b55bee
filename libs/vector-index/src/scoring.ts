import type { IndexHit } from './vector-index.port.js';

/**
 * Qdrant's IDF for sparse vectors with `modifier: "idf"` (VectorQueryContext::fancy_idf in
 * lib/segment/src/data_types/query_context.rs): `N` vectors of the leg, `n` of them with the token.
 */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log((documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5) + 1);
}

/** Best first; equal scores by chunkId ascending, so every adapter orders ties alike. */
export function compareHits(
  a: Pick<IndexHit, 'score' | 'chunkId'>,
  b: Pick<IndexHit, 'score' | 'chunkId'>,
): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0;
}
