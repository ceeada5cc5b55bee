import { describe, expect, it } from '@jest/globals';
import { describeVectorIndexContract } from '../testing/vector-index.contract.js';
import { testChunk } from '../testing/test-chunk.js';
import { idf } from '../scoring.js';
import type { IndexedChunk } from '../vector-index.port.js';
import { InProcessVectorIndex } from './in-process-vector-index.js';

describeVectorIndexContract('in-process (memory)', () => new InProcessVectorIndex());

const chunk = (chunkId: string, dense: number[], tokens: number[] = []) =>
  testChunk(chunkId, dense, { en: { indices: tokens, values: tokens.map(() => 1) } });

describe('InProcessVectorIndex beyond the contract', () => {
  it('keeps IDF statistics exact after deletions (a real Qdrant lags until it optimises)', async () => {
    const index = new InProcessVectorIndex();
    await index.ensureCollection('stats', { denseSize: 2 });
    await index.upsert('stats', [
      chunk('doc-a#0', [1, 0], [1]),
      chunk('doc-b#0', [0, 1], [1, 2]),
      chunk('doc-c#0', [1, 1], [2]),
    ]);
    expect(await index.sparseStatistics('stats', 'sparse_en', 1)).toEqual({
      documentCount: 3,
      frequency: 2,
    });
    await index.deleteDocumentChunks('stats', 'doc-b');
    expect(await index.sparseStatistics('stats', 'sparse_en', 1)).toEqual({
      documentCount: 2,
      frequency: 1,
    });
    const hits = await index.query('stats', 'sparse_en', { indices: [1], values: [1] }, 5);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['doc-a#0']);
    expect(hits[0]!.score).toBeCloseTo(idf(2, 1), 10);
  });

  it('stays correct through many replacements (dead slots reclaimed, postings rebuilt)', async () => {
    const index = new InProcessVectorIndex();
    await index.ensureCollection('churn', { denseSize: 3 });
    for (let round = 0; round < 30; round += 1) {
      const batch: IndexedChunk[] = [];
      for (let n = 0; n < 100; n += 1) {
        batch.push(chunk(`doc-${n % 10}#${n}`, [1 + round, n + 1, 1], [n % 7, 100 + round]));
      }
      await index.upsert('churn', batch);
    }
    expect(await index.count('churn')).toBe(100);
    // Only the last round's token 129 survives, in all 100 points.
    expect(await index.sparseStatistics('churn', 'sparse_en', 129)).toEqual({
      documentCount: 100,
      frequency: 100,
    });
    expect(await index.sparseStatistics('churn', 'sparse_en', 100)).toEqual({
      documentCount: 100,
      frequency: 0,
    });
    const hits = await index.query('churn', 'sparse_en', { indices: [3], values: [1] }, 100);
    const expected = Array.from({ length: 100 }, (_, n) => n)
      .filter((n) => n % 7 === 3)
      .map((n) => `doc-${n % 10}#${n}`)
      .sort();
    expect(hits.map((hit) => hit.chunkId)).toEqual(expected);
    expect(await index.documentChunkIds('churn', 'doc-3')).toHaveLength(10);
  });

  it('does not let the caller mutate indexed vectors through its arrays', async () => {
    const index = new InProcessVectorIndex();
    await index.ensureCollection('copy', { denseSize: 2 });
    const original = chunk('doc-a#0', [1, 0], [5]);
    await index.upsert('copy', [original]);
    original.dense[0] = 0;
    original.dense[1] = 1;
    original.sparseEn!.indices[0] = 6;
    const [hit] = await index.query('copy', 'dense', [1, 0], 1);
    expect(hit!.score).toBeCloseTo(1, 6);
    expect(await index.query('copy', 'sparse_en', { indices: [5], values: [1] }, 1)).toHaveLength(
      1,
    );
  });
});
