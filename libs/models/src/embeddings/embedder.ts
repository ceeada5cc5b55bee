/**
 * Port: turns text into dense vectors for the `dense` leg of retrieval.
 *
 * Every adapter must pass the shared conformance suite (`testing/embedder.contract.ts`):
 * - every vector has exactly `dimensions` finite components and unit L2 norm, so cosine
 *   similarity is a plain dot product and vectors from one embedder are comparable;
 * - the same input gives the same vector;
 * - `embedDocuments` returns one vector per text, in input order, however it batches;
 * - `embedQuery(t)` is close to `embedDocuments([t])[0]` (an adapter may add a query-side
 *   instruction, as instruction-aware models expect, but must not change the space);
 * - the empty string is accepted and yields a valid unit vector.
 *
 * `id` names the vector space (model and dimensions): an index built with one id must not be
 * queried with vectors of another.
 */
export interface Embedder {
  readonly dimensions: number;
  readonly id: string;
  embedDocuments(texts: string[]): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}

/** The dense vector size the retrieval index is built with (Qwen3-Embedding-0.6B). */
export const DEFAULT_EMBEDDING_DIMENSIONS = 1024;

export function l2Norm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  return Math.sqrt(sum);
}

/** A unit-length copy of `vector`; a zero vector is returned unchanged (as zeros). */
export function l2Normalize(vector: ArrayLike<number>): number[] {
  const norm = l2Norm(vector);
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = norm === 0 ? 0 : vector[i] / norm;
  return out;
}

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new RangeError(`cannot compare vectors of ${a.length} and ${b.length} dimensions`);
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  const norms = l2Norm(a) * l2Norm(b);
  return norms === 0 ? 0 : dot / norms;
}
