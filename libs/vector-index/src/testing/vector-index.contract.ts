import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { IndexHit, SparseVector, VectorIndex } from '../vector-index.port.js';
import { testChunk } from './test-chunk.js';

/**
 * The one conformance suite of the VectorIndex port: every adapter registers it with a factory and
 * must pass it unchanged. Expected scores are computed by hand here, from the formulas on the port,
 * never by calling the code under test.
 */

export interface VectorIndexContractOptions {
  /** Removes a namespace the suite created (real servers); the in-process index needs none. */
  dropNamespace?: (namespace: string) => Promise<void>;
}

/** Qdrant's IDF, written out again so the suite does not trust the implementation's copy. */
const idf = (N: number, n: number) => Math.log((N - n + 0.5) / (n + 0.5) + 1);
const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((sum, value, i) => sum + value * b[i]!, 0);
  const norm = (v: number[]) => Math.sqrt(v.reduce((sum, value) => sum + value * value, 0));
  return dot / (norm(a) * norm(b));
};

const DENSE_SIZE = 4;

const sv = (entries: Record<number, number>): SparseVector => {
  const indices = Object.keys(entries)
    .map(Number)
    .sort((a, b) => a - b);
  return { indices, values: indices.map((index) => entries[index]!) };
};

/** Hits as [chunkId, score] with scores rounded for a readable failure. */
function expectHits(hits: IndexHit[], expected: [string, number][]): void {
  expect(hits.map((hit) => hit.chunkId)).toEqual(expected.map(([chunkId]) => chunkId));
  hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]![1], 4));
}

async function rejectionCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  throw new Error('expected a rejection');
}

/*
 * The fixture used by most cases (4-d dense):
 *   doc-a#0  dense [1,0,0,0]  sparse_en {1:1, 2:2}  sparse_ar {7:1.5}
 *   doc-b#0  dense [2,2,0,0]  sparse_en {2:1, 3:1}  (no sparse_ar)
 *   doc-c#0  dense [0,1,1,0]  sparse_en {3:0.5}     (no sparse_ar)
 *   doc-d#0  dense [0,0,0,1]  (no sparse_en)        sparse_ar {7:1, 8:1}
 * sparse_en: N = 3, n(1) = 1, n(2) = 2, n(3) = 2.   sparse_ar: N = 2, n(7) = 2, n(8) = 1.
 */
const A = testChunk('doc-a#0', [1, 0, 0, 0], { en: sv({ 1: 1, 2: 2 }), ar: sv({ 7: 1.5 }) });
const B = testChunk('doc-b#0', [2, 2, 0, 0], { en: sv({ 2: 1, 3: 1 }) });
const C = testChunk('doc-c#0', [0, 1, 1, 0], { en: sv({ 3: 0.5 }) });
const D = testChunk('doc-d#0', [0, 0, 0, 1], { ar: sv({ 7: 1, 8: 1 }) });
const FIXTURE = [A, B, C, D];

export function describeVectorIndexContract(
  name: string,
  makeIndex: () => VectorIndex | Promise<VectorIndex>,
  options: VectorIndexContractOptions = {},
): void {
  describe(`VectorIndex contract: ${name}`, () => {
    let index: VectorIndex;
    const created: string[] = [];

    /** A namespace of its own for each case, so cases (and runs against a shared server) never mix. */
    const namespace = (label: string) => {
      const value = `contract_${label}_${randomBytes(4).toString('hex')}`;
      created.push(value);
      return value;
    };

    async function withFixture(label: string): Promise<string> {
      const ns = namespace(label);
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      await index.upsert(ns, FIXTURE);
      return ns;
    }

    beforeAll(async () => {
      index = await makeIndex();
    });

    afterAll(async () => {
      for (const ns of created) await options.dropNamespace?.(ns);
      await index?.close?.();
    });

    it('ensureCollection is idempotent and keeps the points', async () => {
      const ns = namespace('ensure');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      expect(await index.count(ns)).toBe(0);
      await index.upsert(ns, [A, B]);
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      expect(await index.count(ns)).toBe(2);
    });

    it('ensureCollection refuses another dense size for an existing collection', async () => {
      const ns = namespace('mismatch');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      expect(await rejectionCode(index.ensureCollection(ns, { denseSize: 8 }))).toBe(
        'config_invalid',
      );
    });

    it('rejects every operation on a collection that does not exist', async () => {
      const ns = namespace('missing');
      expect(await rejectionCode(index.count(ns))).toBe('not_found');
      expect(await rejectionCode(index.upsert(ns, [A]))).toBe('not_found');
      expect(await rejectionCode(index.upsert(ns, []))).toBe('not_found');
      expect(await rejectionCode(index.query(ns, 'dense', [1, 0, 0, 0], 3))).toBe('not_found');
      expect(await rejectionCode(index.documentChunkIds(ns, 'doc-a'))).toBe('not_found');
      expect(await rejectionCode(index.deleteDocumentChunks(ns, 'doc-a'))).toBe('not_found');
    });

    it('dense: cosine similarity, best first, ties by chunkId, payload returned', async () => {
      const ns = await withFixture('dense');
      const hits = await index.query(ns, 'dense', [1, 0, 0, 0], 10);
      // Cosine, not dot: doc-b's vector is longer but less aligned. doc-c and doc-d tie at 0.
      expectHits(hits, [
        ['doc-a#0', 1],
        ['doc-b#0', Math.SQRT1_2],
        ['doc-c#0', 0],
        ['doc-d#0', 0],
      ]);
      expect(hits[0]).toEqual({
        chunkId: 'doc-a#0',
        docId: 'doc-a',
        title: 'Title of doc-a',
        lang: 'en',
        topic: 'returns',
        text: 'Text of doc-a#0',
        score: expect.any(Number),
      });
      // The query's length does not matter either.
      const scaled = await index.query(ns, 'dense', [0, 3, 3, 0], 2);
      expectHits(scaled, [
        ['doc-c#0', 1],
        ['doc-b#0', cosine([0, 1, 1, 0], [2, 2, 0, 0])],
      ]);
    });

    it('sparse_en: dot product of query values and IDF-weighted stored weights', async () => {
      const ns = await withFixture('sparse_en');
      const single = await index.query(ns, 'sparse_en', sv({ 2: 1 }), 10);
      // doc-c has no token 2 and doc-d no sparse_en vector: neither appears.
      expectHits(single, [
        ['doc-a#0', 1 * idf(3, 2) * 2],
        ['doc-b#0', 1 * idf(3, 2) * 1],
      ]);
      const pair = await index.query(ns, 'sparse_en', sv({ 1: 1, 3: 2 }), 10);
      expectHits(pair, [
        ['doc-a#0', 1 * idf(3, 1) * 1],
        ['doc-b#0', 2 * idf(3, 2) * 1],
        ['doc-c#0', 2 * idf(3, 2) * 0.5],
      ]);
    });

    it('sparse_ar: only points with a sparse_ar vector, N counting only those', async () => {
      const ns = await withFixture('sparse_ar');
      // Token 2 is in doc-a's and doc-b's sparse_en vectors, which this leg must not see.
      const hits = await index.query(ns, 'sparse_ar', sv({ 2: 1, 7: 1, 8: 1 }), 10);
      expectHits(hits, [
        ['doc-d#0', idf(2, 2) * 1 + idf(2, 1) * 1],
        ['doc-a#0', idf(2, 2) * 1.5],
      ]);
      expect(await index.query(ns, 'sparse_ar', sv({ 2: 1, 3: 1 }), 10)).toEqual([]);
    });

    it('a sparse query sharing no token with any point returns nothing', async () => {
      const ns = await withFixture('no_overlap');
      expect(await index.query(ns, 'sparse_en', sv({ 99: 1 }), 10)).toEqual([]);
      expect(await index.query(ns, 'sparse_en', { indices: [], values: [] }, 10)).toEqual([]);
    });

    it('respects the limit on every leg', async () => {
      const ns = await withFixture('limit');
      expectHits(await index.query(ns, 'dense', [1, 0, 0, 0], 2), [
        ['doc-a#0', 1],
        ['doc-b#0', Math.SQRT1_2],
      ]);
      expectHits(await index.query(ns, 'sparse_en', sv({ 1: 1, 3: 2 }), 1), [
        ['doc-a#0', idf(3, 1)],
      ]);
      expectHits(await index.query(ns, 'sparse_ar', sv({ 7: 1, 8: 1 }), 1), [
        ['doc-d#0', idf(2, 2) + idf(2, 1)],
      ]);
    });

    it('orders equal scores by chunkId ascending whatever the insertion order', async () => {
      const ns = namespace('ties');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      const same = { en: sv({ 4: 1 }) };
      await index.upsert(ns, [
        testChunk('doc-t#2', [1, 1, 0, 0], same),
        testChunk('doc-t#0', [1, 1, 0, 0], same),
        testChunk('doc-t#1', [1, 1, 0, 0], same),
      ]);
      const dense = await index.query(ns, 'dense', [1, 1, 0, 0], 3);
      expect(dense.map((hit) => hit.chunkId)).toEqual(['doc-t#0', 'doc-t#1', 'doc-t#2']);
      const sparse = await index.query(ns, 'sparse_en', sv({ 4: 1 }), 3);
      expect(sparse.map((hit) => hit.chunkId)).toEqual(['doc-t#0', 'doc-t#1', 'doc-t#2']);
    });

    it('upserting an existing chunkId replaces the whole point', async () => {
      const ns = await withFixture('replace');
      const replacement = testChunk('doc-a#0', [0, 0, 1, 0], { en: sv({ 9: 1 }) });
      replacement.text = 'Replaced text';
      await index.upsert(ns, [replacement]);
      expect(await index.count(ns)).toBe(4);
      const dense = await index.query(ns, 'dense', [0, 0, 1, 0], 1);
      expectHits(dense, [['doc-a#0', 1]]);
      expect(dense[0]!.text).toBe('Replaced text');
      // doc-a no longer has token 2, so n(2) drops to 1 while N stays 3.
      expectHits(await index.query(ns, 'sparse_en', sv({ 2: 1 }), 10), [
        ['doc-b#0', idf(3, 1) * 1],
      ]);
      // The replacement has no sparse_ar vector: doc-a left that leg.
      expectHits(await index.query(ns, 'sparse_ar', sv({ 7: 1 }), 10), [['doc-d#0', idf(1, 1)]]);
    });

    it('IDF follows the collection: more documents with a token weigh it less', async () => {
      const ns = namespace('idf');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      await index.upsert(ns, [
        testChunk('doc-p#0', [1, 0, 0, 0], { en: sv({ 5: 1 }) }),
        testChunk('doc-q#0', [0, 1, 0, 0], { en: sv({ 6: 1 }) }),
      ]);
      expectHits(await index.query(ns, 'sparse_en', sv({ 5: 1 }), 10), [['doc-p#0', idf(2, 1)]]);
      await index.upsert(ns, [testChunk('doc-r#0', [0, 0, 1, 0], { en: sv({ 5: 1 }) })]);
      const after = idf(3, 2);
      expect(after).toBeLessThan(idf(2, 1));
      expectHits(await index.query(ns, 'sparse_en', sv({ 5: 1 }), 10), [
        ['doc-p#0', after],
        ['doc-r#0', after],
      ]);
    });

    it('deleteDocumentChunks removes only the chunks not kept', async () => {
      const ns = namespace('delete');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      await index.upsert(ns, [
        testChunk('doc-x#0', [1, 0, 0, 0]),
        testChunk('doc-x#1', [0, 1, 0, 0]),
        testChunk('doc-x#2', [0, 0, 1, 0]),
        testChunk('doc-y#0', [0, 0, 0, 1]),
      ]);
      const removed = await index.deleteDocumentChunks(ns, 'doc-x', ['doc-x#1']);
      if (removed !== undefined) expect(removed).toBe(2);
      expect(await index.documentChunkIds(ns, 'doc-x')).toEqual(['doc-x#1']);
      expect(await index.documentChunkIds(ns, 'doc-y')).toEqual(['doc-y#0']);
      expect(await index.count(ns)).toBe(2);
      const hits = await index.query(ns, 'dense', [1, 0, 0, 0], 10);
      expect(hits.map((hit) => hit.chunkId).sort()).toEqual(['doc-x#1', 'doc-y#0']);

      const rest = await index.deleteDocumentChunks(ns, 'doc-x');
      if (rest !== undefined) expect(rest).toBe(1);
      expect(await index.documentChunkIds(ns, 'doc-x')).toEqual([]);
      const none = await index.deleteDocumentChunks(ns, 'doc-unknown');
      if (none !== undefined) expect(none).toBe(0);
      expect(await index.count(ns)).toBe(1);
    });

    it('counts points and lists a document’s chunk ids in ascending order', async () => {
      const ns = namespace('listing');
      await index.ensureCollection(ns, { denseSize: DENSE_SIZE });
      await index.upsert(ns, [
        testChunk('doc-m#2', [1, 0, 0, 0]),
        testChunk('doc-m#10', [0, 1, 0, 0]),
        testChunk('doc-m#0', [0, 0, 1, 0]),
        testChunk('doc-n#0', [0, 0, 0, 1]),
      ]);
      expect(await index.count(ns)).toBe(4);
      expect(await index.documentChunkIds(ns, 'doc-m')).toEqual(['doc-m#0', 'doc-m#10', 'doc-m#2']);
      expect(await index.documentChunkIds(ns, 'doc-none')).toEqual([]);
      await index.upsert(ns, []);
      expect(await index.count(ns)).toBe(4);
    });

    it('keeps namespaces apart', async () => {
      const first = await withFixture('iso_one');
      const second = namespace('iso_two');
      await index.ensureCollection(second, { denseSize: DENSE_SIZE });
      const other = testChunk('doc-a#0', [0, 1, 0, 0], { en: sv({ 1: 3 }) });
      other.text = 'Second namespace';
      await index.upsert(second, [other]);

      expect(await index.count(first)).toBe(4);
      expect(await index.count(second)).toBe(1);
      expect((await index.query(first, 'dense', [1, 0, 0, 0], 1))[0]!.text).toBe('Text of doc-a#0');
      // IDF statistics are per namespace too: N = 1, n(1) = 1 here.
      expectHits(await index.query(second, 'sparse_en', sv({ 1: 1 }), 10), [
        ['doc-a#0', 3 * idf(1, 1)],
      ]);
      await index.deleteDocumentChunks(second, 'doc-a');
      expect(await index.count(second)).toBe(0);
      expect(await index.documentChunkIds(first, 'doc-a')).toEqual(['doc-a#0']);
    });

    it('rejects invalid input without changing anything', async () => {
      const ns = await withFixture('invalid');
      const wrongSize = testChunk('doc-z#0', [1, 0, 0]);
      expect(await rejectionCode(index.upsert(ns, [wrongSize]))).toBe('validation_failed');
      const unsorted = testChunk('doc-z#1', [1, 0, 0, 0], {
        en: { indices: [3, 1], values: [1, 1] },
      });
      expect(await rejectionCode(index.upsert(ns, [unsorted]))).toBe('validation_failed');
      const twice = [testChunk('doc-z#2', [1, 0, 0, 0]), testChunk('doc-z#2', [0, 1, 0, 0])];
      expect(await rejectionCode(index.upsert(ns, twice))).toBe('validation_failed');
      expect(await rejectionCode(index.query(ns, 'dense', [1, 0, 0], 3))).toBe('validation_failed');
      expect(await rejectionCode(index.query(ns, 'dense', [1, 0, 0, 0], 0))).toBe(
        'validation_failed',
      );
      expect(await rejectionCode(index.query(ns, 'sparse_en', [1, 0, 0, 0], 3))).toBe(
        'validation_failed',
      );
      expect(await rejectionCode(index.query(ns, 'dense', sv({ 1: 1 }), 3))).toBe(
        'validation_failed',
      );
      expect(await rejectionCode(index.ensureCollection('bad/name', { denseSize: 4 }))).toBe(
        'validation_failed',
      );
      expect(await index.count(ns)).toBe(4);
      expect(await index.documentChunkIds(ns, 'doc-z')).toEqual([]);
    });
  });
}
