import type { IndexedChunk, SparseVector } from '../vector-index.port.js';

/** A chunk for index tests: `doc#n` ids, placeholder texts, English unless only Arabic is given. */
export function testChunk(
  chunkId: string,
  dense: number[],
  sparse: { en?: SparseVector; ar?: SparseVector } = {},
): IndexedChunk {
  const docId = chunkId.split('#')[0]!;
  const result: IndexedChunk = {
    chunkId,
    docId,
    title: `Title of ${docId}`,
    lang: sparse.ar && !sparse.en ? 'ar' : 'en',
    topic: 'returns',
    text: `Text of ${chunkId}`,
    dense,
  };
  if (sparse.en) result.sparseEn = sparse.en;
  if (sparse.ar) result.sparseAr = sparse.ar;
  return result;
}
