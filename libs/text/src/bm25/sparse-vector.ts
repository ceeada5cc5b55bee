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
