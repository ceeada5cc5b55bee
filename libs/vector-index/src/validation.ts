import { InvalidIndexInput } from './errors.js';
import type { IndexedChunk, IndexLeg, LegQuery, SparseVector } from './vector-index.port.js';
import { INDEX_LEGS } from './vector-index.port.js';

// Both adapters validate here, before any change, so a bad request fails the same way in each
// (Qdrant alone would accept some of these, e.g. unsorted sparse indices).

const NAMESPACE_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_DENSE_SIZE = 65_536;
const MAX_TOKEN_ID = 0xffff_ffff;

export function assertNamespace(namespace: string): void {
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) {
    throw new InvalidIndexInput(
      `Invalid namespace ${JSON.stringify(namespace)}: use 1 to 128 characters of [A-Za-z0-9_-]`,
    );
  }
}

export function assertDenseSize(denseSize: number): void {
  if (!Number.isInteger(denseSize) || denseSize < 1 || denseSize > MAX_DENSE_SIZE) {
    throw new InvalidIndexInput(`Invalid denseSize ${denseSize}: an integer from 1 to 65536`);
  }
}

export function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new InvalidIndexInput(`Invalid limit ${limit}: a positive integer`);
  }
}

/** Checks values only; the size is checked against the collection by whoever knows it. */
export function assertDense(vector: unknown, label: string): asserts vector is number[] {
  if (!Array.isArray(vector) || vector.length === 0) {
    throw new InvalidIndexInput(`${label}: the dense vector must be a non-empty array of numbers`);
  }
  let nonZero = false;
  for (const value of vector) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new InvalidIndexInput(`${label}: the dense vector has a non-finite value`);
    }
    if (value !== 0) nonZero = true;
  }
  // Cosine of a zero vector is undefined.
  if (!nonZero) throw new InvalidIndexInput(`${label}: the dense vector is all zeros`);
}

export function assertSparse(vector: unknown, label: string): asserts vector is SparseVector {
  const candidate = vector as Partial<SparseVector> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !Array.isArray(candidate.indices) ||
    !Array.isArray(candidate.values)
  ) {
    throw new InvalidIndexInput(`${label}: a sparse vector needs indices and values arrays`);
  }
  const { indices, values } = candidate;
  if (indices.length !== values.length) {
    throw new InvalidIndexInput(`${label}: sparse indices and values differ in length`);
  }
  let previous = -1;
  for (let i = 0; i < indices.length; i += 1) {
    const index = indices[i];
    const value = values[i];
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) > MAX_TOKEN_ID) {
      throw new InvalidIndexInput(`${label}: sparse index ${index} is not an unsigned 32-bit int`);
    }
    if ((index as number) <= previous) {
      throw new InvalidIndexInput(`${label}: sparse indices must be strictly increasing`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new InvalidIndexInput(`${label}: sparse value at index ${index} is not finite`);
    }
    previous = index as number;
  }
}

export function assertChunks(chunks: IndexedChunk[]): void {
  if (!Array.isArray(chunks)) throw new InvalidIndexInput('upsert expects an array of chunks');
  const seen = new Set<string>();
  for (const chunk of chunks) {
    const label = `chunk ${JSON.stringify(chunk?.chunkId)}`;
    if (typeof chunk?.chunkId !== 'string' || chunk.chunkId.length === 0) {
      throw new InvalidIndexInput(`${label}: chunkId must be a non-empty string`);
    }
    if (seen.has(chunk.chunkId)) {
      throw new InvalidIndexInput(`${label}: appears twice in one batch`);
    }
    seen.add(chunk.chunkId);
    if (typeof chunk.docId !== 'string' || chunk.docId.length === 0) {
      throw new InvalidIndexInput(`${label}: docId must be a non-empty string`);
    }
    for (const field of ['title', 'topic', 'text'] as const) {
      if (typeof chunk[field] !== 'string') {
        throw new InvalidIndexInput(`${label}: ${field} must be a string`);
      }
    }
    if (chunk.lang !== 'en' && chunk.lang !== 'ar') {
      throw new InvalidIndexInput(`${label}: lang must be 'en' or 'ar'`);
    }
    assertDense(chunk.dense, label);
    if (chunk.sparseEn !== undefined) assertSparse(chunk.sparseEn, `${label} sparseEn`);
    if (chunk.sparseAr !== undefined) assertSparse(chunk.sparseAr, `${label} sparseAr`);
  }
}

export function assertQuery(leg: IndexLeg, vector: LegQuery, limit: number): void {
  if (!INDEX_LEGS.includes(leg)) throw new InvalidIndexInput(`Unknown leg ${String(leg)}`);
  if (leg === 'dense') assertDense(vector, 'dense query');
  else assertSparse(vector, `${leg} query`);
  assertLimit(limit);
}

export function assertDocId(docId: string): void {
  if (typeof docId !== 'string' || docId.length === 0) {
    throw new InvalidIndexInput('docId must be a non-empty string');
  }
}

export function assertKeepList(keepChunkIds: string[] | undefined): void {
  if (keepChunkIds === undefined) return;
  if (!Array.isArray(keepChunkIds) || keepChunkIds.some((id) => typeof id !== 'string')) {
    throw new InvalidIndexInput('keepChunkIds must be an array of strings');
  }
}

/** An empty sparse vector means "no vector for this leg" (Qdrant does not index empty ones). */
export function presentSparse(vector: SparseVector | undefined): SparseVector | undefined {
  return vector && vector.indices.length > 0 ? vector : undefined;
}
