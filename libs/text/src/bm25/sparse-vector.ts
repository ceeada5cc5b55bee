/** A sparse vector as Qdrant takes it: indices ascending and unique, one value per index. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** Encodes texts into sparse vectors for one sparse index. */
export interface SparseEncoder {
  /** Term weights of a stored text (a chunk). */
  encodeDocument(text: string): SparseVector;
  /** Term weights of a search text; the index applies IDF. */
  encodeQuery(text: string): SparseVector;
}

export function toSparseVector(weights: Map<number, number>): SparseVector {
  const indices = [...weights.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((index) => weights.get(index) as number) };
}
