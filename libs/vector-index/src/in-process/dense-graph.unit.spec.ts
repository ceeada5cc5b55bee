import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '@support/testing/pure';
import { describeVectorIndexContract } from '../testing/vector-index.contract.js';
import { testChunk } from '../testing/test-chunk.js';
import { InProcessVectorIndex } from './in-process-vector-index.js';

// The dense leg's two approximate tiers from a namespace's first point: the 8-bit scan (no exact
// scan; the scan's default limit is far above these sizes) and the HNSW graph (neither scan).
const TIERS = [
  { name: '8-bit scan', settings: { exactScanLimit: 0 }, graph: 'none' },
  { name: 'graph', settings: { exactScanLimit: 0, quantizedScanLimit: 0 }, graph: 'built' },
] as const;

for (const tier of TIERS)
  describeVectorIndexContract(
    `in-process (dense ${tier.name})`,
    () => new InProcessVectorIndex({ denseSearch: tier.settings }),
  );

const DIMENSIONS = 48;

/** Points around a few centres, as embeddings of texts on a few topics are. */
function clusteredVectors(count: number, seed: number): number[][] {
  const next = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const centres = Array.from({ length: 12 }, () => Array.from({ length: DIMENSIONS }, gaussian));
  return Array.from({ length: count }, () => {
    const centre = centres[Math.floor(next() * centres.length)]!;
    return centre.map((value) => value + 0.8 * gaussian());
  });
}

/** Document d has chunks d#0..d#4, so whole documents can be deleted. */
const chunkId = (n: number) => `doc-${Math.floor(n / 5)}#${n % 5}`;

async function recallAt20(
  index: InProcessVectorIndex,
  namespace: string,
  queries: number[][],
): Promise<number> {
  let found = 0;
  for (const query of queries) {
    const approximate = await index.query(namespace, 'dense', query, 20);
    const exact = await index.exactDenseQuery(namespace, query, 20);
    const wanted = new Set(exact.map((hit) => hit.chunkId));
    found += approximate.filter((hit) => wanted.has(hit.chunkId)).length;
  }
  return found / (20 * queries.length);
}

describe.each(TIERS)('InProcessVectorIndex dense $name', (tier) => {
  it('finds at least 98% of the exact top 20, with exact cosine scores', async () => {
    const index = new InProcessVectorIndex({ denseSearch: tier.settings });
    await index.ensureCollection('recall', { denseSize: DIMENSIONS });
    const vectors = clusteredVectors(3000, 1);
    for (let start = 0; start < vectors.length; start += 250) {
      const batch = vectors.slice(start, start + 250);
      await index.upsert(
        'recall',
        batch.map((dense, i) => testChunk(chunkId(start + i), dense)),
      );
    }
    expect(await index.denseGraph('recall')).toBe(tier.graph);
    const queries = clusteredVectors(100, 2);
    expect(await recallAt20(index, 'recall', queries)).toBeGreaterThanOrEqual(0.98);

    // Hits the tier and the exact scan share carry the same score: the tier only proposes.
    const [query] = queries;
    const exact = new Map(
      (await index.exactDenseQuery('recall', query!, 20)).map((hit) => [hit.chunkId, hit.score]),
    );
    for (const hit of await index.query('recall', 'dense', query!, 20)) {
      if (exact.has(hit.chunkId)) expect(hit.score).toBe(exact.get(hit.chunkId));
    }
  });

  it('reaches every point: each one is the first hit for its own vector', async () => {
    const index = new InProcessVectorIndex({ denseSearch: tier.settings });
    await index.ensureCollection('reach', { denseSize: DIMENSIONS });
    const vectors = clusteredVectors(2000, 7);
    for (let start = 0; start < vectors.length; start += 500) {
      await index.upsert(
        'reach',
        vectors.slice(start, start + 500).map((dense, i) => testChunk(chunkId(start + i), dense)),
      );
    }
    const unreachable: string[] = [];
    for (const [n, vector] of vectors.entries()) {
      const [best] = await index.query('reach', 'dense', vector, 1);
      if (best?.chunkId !== chunkId(n)) unreachable.push(chunkId(n));
    }
    expect(unreachable).toEqual([]);
  });

  it('answers with the new vectors after upserts and never with deleted points', async () => {
    const index = new InProcessVectorIndex({ denseSearch: tier.settings });
    await index.ensureCollection('churn', { denseSize: DIMENSIONS });
    const first = clusteredVectors(1000, 3);
    await index.upsert(
      'churn',
      first.map((dense, n) => testChunk(chunkId(n), dense)),
    );
    // Re-ingest: every even point gets a new vector; then documents 0..49 are deleted.
    const second = clusteredVectors(1000, 4);
    await index.upsert(
      'churn',
      second.flatMap((dense, n) => (n % 2 === 0 ? [testChunk(chunkId(n), dense)] : [])),
    );
    for (let doc = 0; doc < 50; doc += 1) await index.deleteDocumentChunks('churn', `doc-${doc}`);
    expect(await index.count('churn')).toBe(750);

    const current = (n: number) => (n % 2 === 0 ? second[n]! : first[n]!);
    for (let n = 250; n < 1000; n += 37) {
      const [best] = await index.query('churn', 'dense', current(n), 1);
      expect(best).toMatchObject({ chunkId: chunkId(n) });
      expect(best!.score).toBeCloseTo(1, 6);
    }
    // A replaced vector is gone: querying with it does not find its chunk at score 1.
    const [old] = await index.query('churn', 'dense', first[500]!, 1);
    expect(old!.score).toBeLessThan(0.999);

    const deleted = new Set(Array.from({ length: 250 }, (_, n) => chunkId(n)));
    for (const query of [...first.slice(0, 50), ...second.slice(0, 50)]) {
      const hits = await index.query('churn', 'dense', query, 20);
      expect(hits.filter((hit) => deleted.has(hit.chunkId))).toEqual([]);
    }
    expect(await recallAt20(index, 'churn', clusteredVectors(60, 5))).toBeGreaterThanOrEqual(0.98);
  });

  it('stays right through slot rebuilds (graph keys outlive slots)', async () => {
    const index = new InProcessVectorIndex({ denseSearch: tier.settings });
    await index.ensureCollection('rebuild', { denseSize: DIMENSIONS });
    // Six full replacements of 400 points: dead slots pass 1024 and outnumber live ones, so slots
    // are renumbered more than once while the graph keeps its keys.
    let vectors: number[][] = [];
    for (let round = 0; round < 6; round += 1) {
      vectors = clusteredVectors(400, 10 + round);
      await index.upsert(
        'rebuild',
        vectors.map((dense, n) => testChunk(chunkId(n), dense)),
      );
    }
    expect(await index.count('rebuild')).toBe(400);
    for (let n = 0; n < 400; n += 13) {
      const [best] = await index.query('rebuild', 'dense', vectors[n]!, 1);
      expect(best).toMatchObject({ chunkId: chunkId(n) });
      expect(best!.score).toBeCloseTo(1, 6);
    }
  });

  it('fills the limit with live points when deleted ones would score higher', async () => {
    const index = new InProcessVectorIndex({ denseSearch: tier.settings });
    await index.ensureCollection('dead', { denseSize: DIMENSIONS });
    // 300 points on one side of a direction; 250 of them deleted (no slot rebuild yet). Asked for
    // the opposite direction, every live point has a negative cosine, below a dead row's zero.
    const next = seededRandom(11);
    const vectors = Array.from({ length: 300 }, () =>
      Array.from({ length: DIMENSIONS }, (_, d) => (d === 0 ? 5 : next() - 0.5)),
    );
    await index.upsert(
      'dead',
      vectors.map((dense, n) => testChunk(chunkId(n), dense)),
    );
    for (let doc = 0; doc < 50; doc += 1) await index.deleteDocumentChunks('dead', `doc-${doc}`);
    const opposite = Array.from({ length: DIMENSIONS }, (_, d) => (d === 0 ? -1 : 0));
    const hits = await index.query('dead', 'dense', opposite, 20);
    expect(hits.map((hit) => hit.chunkId)).toEqual(
      (await index.exactDenseQuery('dead', opposite, 20)).map((hit) => hit.chunkId),
    );
    expect(hits).toHaveLength(20);
  });
});

describe('InProcessVectorIndex dense tiers', () => {
  it('scans until the namespace outgrows both scans, then builds the graph a batch a write', async () => {
    const index = new InProcessVectorIndex({
      denseSearch: { exactScanLimit: 100, quantizedScanLimit: 300, linkBatch: 50 },
    });
    await index.ensureCollection('grow', { denseSize: DIMENSIONS });
    const vectors = clusteredVectors(400, 6);
    const upsert = (from: number, to: number) =>
      index.upsert(
        'grow',
        vectors.slice(from, to).map((dense, i) => testChunk(chunkId(from + i), dense)),
      );
    const reachesAll = async (count: number) => {
      for (let n = 0; n < count; n += 7) {
        const [best] = await index.query('grow', 'dense', vectors[n]!, 1);
        expect(best).toMatchObject({ chunkId: chunkId(n) });
      }
    };
    await upsert(0, 100); // the float scan
    await upsert(100, 300); // the 8-bit scan
    expect(await index.denseGraph('grow')).toBe('none');
    await reachesAll(300);
    // Past both: each write links its 10 points and 50 of the 300 waiting; the 8-bit scan answers
    // until fewer than 50 wait (250, 200, 150, 100, 50, then 0 after the sixth write).
    for (let write = 0; write < 6; write += 1) {
      expect(await index.denseGraph('grow')).toBe('none');
      await reachesAll(300 + 10 * write);
      await upsert(300 + 10 * write, 310 + 10 * write);
    }
    expect(await index.denseGraph('grow')).toBe('built');
    // Points added before the graph existed are in it too.
    await reachesAll(360);
  });
});
