import { InvalidIndexInput } from '../errors.js';
import { presentSparse } from '../validation.js';
import type { IndexedChunk, IndexHit, SparseLeg, SparseVector } from '../vector-index.port.js';
import { SparsePostings } from './sparse-postings.js';
import { TopK } from './top-k.js';

/** What is kept of a chunk besides its dense vector; never mutated once stored. */
export interface StoredChunk {
  chunkId: string;
  docId: string;
  title: string;
  lang: 'en' | 'ar';
  topic: string;
  text: string;
  sparseEn?: SparseVector;
  sparseAr?: SparseVector;
}

const INITIAL_CAPACITY = 64;
/** Rebuild once dead slots pass this many and outnumber live ones. */
const REBUILD_MIN_DEAD = 1024;

/**
 * One collection in memory. Points live in slots: dense vectors unit-normalised in one flat
 * Float32Array (so cosine is a dot product over a contiguous scan), the rest in `records`.
 * A replaced or deleted point's slot is marked dead and never reused until a rebuild, which keeps
 * the sparse postings' lazy deletion sound.
 */
export class NamespaceIndex {
  private capacity = 0;
  private used = 0;
  private dense = new Float32Array(0);
  private alive = new Uint8Array(0);
  private records: (StoredChunk | undefined)[] = [];
  private readonly slotByChunk = new Map<string, number>();
  private readonly chunksByDoc = new Map<string, Set<string>>();
  private sparse = NamespaceIndex.emptyLegs();
  private scratchScores = new Float64Array(0);
  private scratchSeen = new Uint8Array(0);

  constructor(readonly denseSize: number) {
    this.grow(INITIAL_CAPACITY);
  }

  /** Rebuilds an index from a snapshot whose dense rows are already unit-normalised. */
  static restore(denseSize: number, records: StoredChunk[], dense: Float32Array): NamespaceIndex {
    const index = new NamespaceIndex(denseSize);
    index.grow(Math.max(INITIAL_CAPACITY, records.length));
    records.forEach((record, i) =>
      index.insert(record, dense.subarray(i * denseSize, (i + 1) * denseSize)),
    );
    return index;
  }

  get count(): number {
    return this.slotByChunk.size;
  }

  /** Applies a whole batch or nothing: sizes are checked before the first change. */
  upsert(chunks: IndexedChunk[]): void {
    for (const chunk of chunks) {
      if (chunk.dense.length !== this.denseSize) {
        throw new InvalidIndexInput(
          `chunk ${chunk.chunkId}: dense vector has ${chunk.dense.length} dimensions, the collection ${this.denseSize}`,
        );
      }
    }
    for (const chunk of chunks) {
      const existing = this.slotByChunk.get(chunk.chunkId);
      if (existing !== undefined) this.kill(existing);
      const record: StoredChunk = {
        chunkId: chunk.chunkId,
        docId: chunk.docId,
        title: chunk.title,
        lang: chunk.lang,
        topic: chunk.topic,
        text: chunk.text,
      };
      const sparseEn = presentSparse(chunk.sparseEn);
      const sparseAr = presentSparse(chunk.sparseAr);
      // Copies, so a caller reusing its arrays cannot change what is indexed.
      if (sparseEn) record.sparseEn = copySparse(sparseEn);
      if (sparseAr) record.sparseAr = copySparse(sparseAr);
      this.insert(record, normalise(chunk.dense));
    }
    this.maybeRebuild();
  }

  deleteDocument(docId: string, keep: ReadonlySet<string>): number {
    const chunkIds = this.chunksByDoc.get(docId);
    if (!chunkIds) return 0;
    let removed = 0;
    for (const chunkId of [...chunkIds]) {
      if (keep.has(chunkId)) continue;
      this.kill(this.slotByChunk.get(chunkId)!);
      removed += 1;
    }
    this.maybeRebuild();
    return removed;
  }

  documentChunkIds(docId: string): string[] {
    return [...(this.chunksByDoc.get(docId) ?? [])].sort(byCodeUnit);
  }

  queryDense(vector: number[], limit: number): IndexHit[] {
    if (vector.length !== this.denseSize) {
      throw new InvalidIndexInput(
        `dense query has ${vector.length} dimensions, the collection ${this.denseSize}`,
      );
    }
    const query = Float64Array.from(normalise(vector));
    const size = this.denseSize;
    const dense = this.dense;
    const top = new TopK(limit);
    for (let slot = 0; slot < this.used; slot += 1) {
      if (this.alive[slot] === 0) continue;
      top.push(dot(query, dense, slot * size, size), this.records[slot]!.chunkId, slot);
    }
    return top.sorted().map(({ slot, score }) => this.hit(slot, score));
  }

  querySparse(leg: SparseLeg, vector: SparseVector, limit: number): IndexHit[] {
    if (this.scratchScores.length < this.used) {
      this.scratchScores = new Float64Array(this.capacity);
      this.scratchSeen = new Uint8Array(this.capacity);
    }
    const scores = this.scratchScores;
    const seen = this.scratchSeen;
    const touched: number[] = [];
    this.sparse[leg].accumulate(vector, this.alive, scores, seen, touched);
    const top = new TopK(limit);
    for (const slot of touched) {
      const score = scores[slot]!;
      if (score !== 0) top.push(score, this.records[slot]!.chunkId, slot);
      scores[slot] = 0;
      seen[slot] = 0;
    }
    return top.sorted().map(({ slot, score }) => this.hit(slot, score));
  }

  /** IDF inputs of a leg, for tests and diagnostics. */
  sparseStatistics(leg: SparseLeg, token: number): { documentCount: number; frequency: number } {
    return {
      documentCount: this.sparse[leg].documentCount,
      frequency: this.sparse[leg].documentFrequency(token),
    };
  }

  /** A consistent copy of the live points, taken synchronously so later writes cannot tear it. */
  snapshot(): { records: StoredChunk[]; dense: Float32Array } {
    const size = this.denseSize;
    const records: StoredChunk[] = [];
    const dense = new Float32Array(this.count * size);
    for (let slot = 0; slot < this.used; slot += 1) {
      if (this.alive[slot] === 0) continue;
      dense.set(this.dense.subarray(slot * size, (slot + 1) * size), records.length * size);
      records.push(this.records[slot]!);
    }
    return { records, dense };
  }

  private insert(record: StoredChunk, unitDense: ArrayLike<number>): void {
    if (this.used === this.capacity) this.grow(this.capacity * 2);
    const slot = this.used;
    this.used += 1;
    this.dense.set(unitDense, slot * this.denseSize);
    this.alive[slot] = 1;
    this.records[slot] = record;
    this.slotByChunk.set(record.chunkId, slot);
    let docChunks = this.chunksByDoc.get(record.docId);
    if (!docChunks) {
      docChunks = new Set();
      this.chunksByDoc.set(record.docId, docChunks);
    }
    docChunks.add(record.chunkId);
    if (record.sparseEn) this.sparse.sparse_en.add(slot, record.sparseEn);
    if (record.sparseAr) this.sparse.sparse_ar.add(slot, record.sparseAr);
  }

  private kill(slot: number): void {
    const record = this.records[slot]!;
    this.alive[slot] = 0;
    this.records[slot] = undefined;
    this.slotByChunk.delete(record.chunkId);
    const docChunks = this.chunksByDoc.get(record.docId)!;
    docChunks.delete(record.chunkId);
    if (docChunks.size === 0) this.chunksByDoc.delete(record.docId);
    if (record.sparseEn) this.sparse.sparse_en.remove(record.sparseEn, this.alive);
    if (record.sparseAr) this.sparse.sparse_ar.remove(record.sparseAr, this.alive);
  }

  private grow(capacity: number): void {
    const dense = new Float32Array(capacity * this.denseSize);
    dense.set(this.dense.subarray(0, this.used * this.denseSize));
    const alive = new Uint8Array(capacity);
    alive.set(this.alive.subarray(0, this.used));
    this.dense = dense;
    this.alive = alive;
    this.capacity = capacity;
  }

  /** Reclaims dead slots once they dominate: renumbers live points and rebuilds the postings. */
  private maybeRebuild(): void {
    const dead = this.used - this.count;
    if (dead < REBUILD_MIN_DEAD || dead <= this.count) return;
    const { records, dense } = this.snapshot();
    const size = this.denseSize;
    this.capacity = 0;
    this.used = 0;
    this.dense = new Float32Array(0);
    this.alive = new Uint8Array(0);
    this.records = [];
    this.slotByChunk.clear();
    this.chunksByDoc.clear();
    this.sparse = NamespaceIndex.emptyLegs();
    this.scratchScores = new Float64Array(0);
    this.scratchSeen = new Uint8Array(0);
    this.grow(Math.max(INITIAL_CAPACITY, Math.ceil(records.length * 1.5)));
    records.forEach((record, i) => this.insert(record, dense.subarray(i * size, (i + 1) * size)));
  }

  private hit(slot: number, score: number): IndexHit {
    const { chunkId, docId, title, lang, topic, text } = this.records[slot]!;
    return { chunkId, docId, title, lang, topic, text, score };
  }

  private static emptyLegs(): Record<SparseLeg, SparsePostings> {
    return { sparse_en: new SparsePostings(), sparse_ar: new SparsePostings() };
  }
}

/** Four independent accumulators: V8 keeps them in registers; ~1.3x faster than one sum. */
function dot(query: Float64Array, dense: Float32Array, base: number, size: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < size; i += 4) {
    a += query[i]! * dense[base + i]!;
    b += query[i + 1]! * dense[base + i + 1]!;
    c += query[i + 2]! * dense[base + i + 2]!;
    d += query[i + 3]! * dense[base + i + 3]!;
  }
  for (; i < size; i += 1) a += query[i]! * dense[base + i]!;
  return a + b + c + d;
}

function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  return vector.map((value) => value / norm);
}

function copySparse(vector: SparseVector): SparseVector {
  return { indices: [...vector.indices], values: [...vector.values] };
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
