import { pointIdFor } from '../point-id.js';
import { presentSparse } from '../validation.js';
import type { IndexedChunk, IndexHit, SparseVector } from '../vector-index.port.js';

// Qdrant's JSON shapes for exactly the calls the adapter makes, kept apart from the port's types.
// The fake server parses the same shapes, so both sides of the wire are written down once.

/**
 * The payload stored with each point; filters address `docId` and `chunkId`. A type alias, not an
 * interface, so it satisfies the client's `Record<string, unknown>` payload type.
 */
export type ChunkPayload = {
  chunkId: string;
  docId: string;
  title: string;
  lang: 'en' | 'ar';
  topic: string;
  text: string;
};

export interface WireSparseVector {
  indices: number[];
  values: number[];
}

export interface WirePoint {
  id: string;
  vector: { dense: number[]; sparse_en?: WireSparseVector; sparse_ar?: WireSparseVector };
  payload: ChunkPayload;
}

export interface MatchCondition {
  key: keyof ChunkPayload;
  match: { value: string } | { any: string[] };
}

export interface WireFilter {
  must: MatchCondition[];
  must_not?: MatchCondition[];
}

/** Body of `PUT /collections/{name}`: one dense and two IDF-weighted sparse named vectors. */
export function collectionConfig(denseSize: number) {
  return {
    vectors: { dense: { size: denseSize, distance: 'Cosine' as const } },
    sparse_vectors: {
      sparse_en: { modifier: 'idf' as const },
      sparse_ar: { modifier: 'idf' as const },
    },
  };
}

export const DOC_ID_INDEX = { field_name: 'docId', field_schema: 'keyword' as const };

export function toWirePoint(namespace: string, chunk: IndexedChunk): WirePoint {
  const vector: WirePoint['vector'] = { dense: chunk.dense };
  const sparseEn = presentSparse(chunk.sparseEn);
  const sparseAr = presentSparse(chunk.sparseAr);
  if (sparseEn) vector.sparse_en = wireSparse(sparseEn);
  if (sparseAr) vector.sparse_ar = wireSparse(sparseAr);
  const { chunkId, docId, title, lang, topic, text } = chunk;
  return {
    id: pointIdFor(namespace, chunkId),
    vector,
    payload: { chunkId, docId, title, lang, topic, text },
  };
}

/** Points of one document, optionally sparing some chunks. */
export function documentFilter(docId: string, keepChunkIds: readonly string[] = []): WireFilter {
  const filter: WireFilter = { must: [{ key: 'docId', match: { value: docId } }] };
  // `match: { any: [] }` matches nothing, but leaving it out says the same more plainly.
  if (keepChunkIds.length > 0) {
    filter.must_not = [{ key: 'chunkId', match: { any: [...keepChunkIds] } }];
  }
  return filter;
}

/** The payload of a stored point, or undefined when it is not one this code wrote. */
export function parsePayload(payload: unknown): ChunkPayload | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const candidate = payload as Record<string, unknown>;
  for (const key of ['chunkId', 'docId', 'title', 'topic', 'text'] as const) {
    if (typeof candidate[key] !== 'string') return undefined;
  }
  if (candidate['lang'] !== 'en' && candidate['lang'] !== 'ar') return undefined;
  const { chunkId, docId, title, lang, topic, text } = candidate as unknown as ChunkPayload;
  return { chunkId, docId, title, lang, topic, text };
}

export function hitFromPayload(payload: ChunkPayload, score: number): IndexHit {
  return { ...payload, score };
}

function wireSparse(vector: SparseVector): WireSparseVector {
  return { indices: vector.indices, values: vector.values };
}
