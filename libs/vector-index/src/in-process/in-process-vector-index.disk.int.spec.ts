import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeVectorIndexContract } from '../testing/vector-index.contract.js';
import type { IndexedChunk } from '../vector-index.port.js';
import { InProcessVectorIndex } from './in-process-vector-index.js';

/** The dense leg on the graph from the first point (neither scan), so the graph is saved. */
const GRAPH_ONLY = { denseSearch: { exactScanLimit: 0, quantizedScanLimit: 0 } };

const directories: string[] = [];

async function temporaryDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'vector-index-'));
  directories.push(directory);
  return directory;
}

afterAll(async () => {
  await Promise.all(
    directories.map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

describeVectorIndexContract(
  'in-process (directory)',
  async () => new InProcessVectorIndex({ directory: await temporaryDirectory() }),
);

function chunk(chunkId: string, dense: number[], en?: number[], ar?: number[]): IndexedChunk {
  const result: IndexedChunk = {
    chunkId,
    docId: chunkId.split('#')[0]!,
    title: `Title ${chunkId}`,
    lang: ar && !en ? 'ar' : 'en',
    topic: 'delivery',
    text: `نص ${chunkId} – text with "quotes"\nand a newline`,
    dense,
  };
  if (en) result.sparseEn = { indices: en, values: en.map((_, i) => i + 0.5) };
  if (ar) result.sparseAr = { indices: ar, values: ar.map(() => 1.25) };
  return result;
}

describe('InProcessVectorIndex persistence', () => {
  it('a new instance on the same directory answers the same without re-ingest', async () => {
    const directory = await temporaryDirectory();
    const first = new InProcessVectorIndex({ directory });
    await first.ensureCollection('support_docs', { denseSize: 3 });
    await first.upsert('support_docs', [
      chunk('doc-a#0', [1, 0.5, 0], [1, 2], [7]),
      chunk('doc-a#1', [0, 1, 0], [2]),
      chunk('doc-b#0', [0.2, 0.1, 0.9], undefined, [7, 9]),
    ]);
    await first.deleteDocumentChunks('support_docs', 'doc-a', ['doc-a#0']);
    await first.ensureCollection('other', { denseSize: 2 });
    const queries = async (index: InProcessVectorIndex) => ({
      dense: await index.query('support_docs', 'dense', [1, 0.4, 0.1], 5),
      en: await index.query('support_docs', 'sparse_en', { indices: [1, 2], values: [1, 1] }, 5),
      ar: await index.query('support_docs', 'sparse_ar', { indices: [7, 9], values: [1, 1] }, 5),
      count: await index.count('support_docs'),
      chunks: await index.documentChunkIds('support_docs', 'doc-a'),
      other: await index.count('other'),
    });
    const before = await queries(first);
    await first.close();

    const second = new InProcessVectorIndex({ directory });
    const after = await queries(second);
    expect(after).toEqual(before);
    expect(after.count).toBe(2);
    expect(after.chunks).toEqual(['doc-a#0']);
    expect(after.ar.map((hit) => hit.chunkId)).toEqual(['doc-b#0', 'doc-a#0']);
    expect(after.dense[0]!.text).toBe(chunk('doc-a#0', [1]).text);

    // Writes after a restart are persisted too.
    await second.upsert('support_docs', [chunk('doc-c#0', [0, 0, 1], [3])]);
    await second.close();
    const third = new InProcessVectorIndex({ directory });
    expect(await third.count('support_docs')).toBe(3);
    expect(await third.documentChunkIds('support_docs', 'doc-c')).toEqual(['doc-c#0']);
  });

  it('keeps one file per namespace and leaves no temporary files behind', async () => {
    const directory = await temporaryDirectory();
    const index = new InProcessVectorIndex({ directory });
    await index.ensureCollection('alpha', { denseSize: 2 });
    await index.ensureCollection('beta', { denseSize: 2 });
    // Concurrent batches share writes; every one of them must still be on disk afterwards.
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => index.upsert('alpha', [chunk(`doc-${n}#0`, [1, n])])),
    );
    expect((await readdir(directory)).sort()).toEqual(['alpha.vindex', 'beta.vindex']);
    const reopened = new InProcessVectorIndex({ directory });
    expect(await reopened.count('alpha')).toBe(20);
    expect(await reopened.count('beta')).toBe(0);
  });

  it('saves the dense graph beside the snapshot and loads it instead of rebuilding', async () => {
    const directory = await temporaryDirectory();
    const first = new InProcessVectorIndex({ directory, ...GRAPH_ONLY });
    await first.ensureCollection('graph', { denseSize: 3 });
    const vectors = Array.from({ length: 60 }, (_, n) => [1 + (n % 7), n % 5, 1 + n / 10]);
    for (let start = 0; start < 60; start += 20) {
      await first.upsert(
        'graph',
        vectors.slice(start, start + 20).map((dense, i) => chunk(`doc-${start + i}#0`, dense)),
      );
    }
    await first.deleteDocumentChunks('graph', 'doc-3');
    await first.upsert('graph', [chunk('doc-4#0', [0, 0, 1])]);
    const queries = async (index: InProcessVectorIndex) =>
      Promise.all(vectors.slice(0, 10).map((v) => index.query('graph', 'dense', v, 5)));
    const before = await queries(first);
    await first.close();

    // One graph file, the latest: each write saved a new one and removed the one before.
    const graphs = (await readdir(directory)).filter((name) => name.endsWith('.usearch'));
    expect(graphs).toHaveLength(1);
    expect(graphs[0]).toMatch(/^graph\.[0-9a-f-]{36}\.usearch$/);

    const second = new InProcessVectorIndex({ directory, ...GRAPH_ONLY });
    expect(await second.denseGraph('graph')).toBe('loaded');
    expect(await second.count('graph')).toBe(59);
    expect(await queries(second)).toEqual(before);
    expect((await second.query('graph', 'dense', [0, 0, 1], 1))[0]).toMatchObject({
      chunkId: 'doc-4#0',
    });

    // Without its graph file the snapshot still has every vector: the graph is built again.
    await rm(join(directory, graphs[0]!));
    const third = new InProcessVectorIndex({ directory, ...GRAPH_ONLY });
    expect(await third.denseGraph('graph')).toBe('built');
    expect(await queries(third)).toEqual(before);
  });

  it('removes graph files a crash left behind, keeping the one the snapshot names', async () => {
    const directory = await temporaryDirectory();
    const first = new InProcessVectorIndex({
      directory,
      ...GRAPH_ONLY,
    });
    await first.ensureCollection('orphans', { denseSize: 2 });
    await first.upsert('orphans', [chunk('doc-a#0', [1, 0]), chunk('doc-b#0', [0, 1])]);
    await first.close();
    const orphan = 'orphans.00000000-0000-4000-8000-000000000000.usearch';
    await writeFile(join(directory, orphan), 'half-written graph');
    await writeFile(join(directory, 'orphans-too.vindex'), 'another namespace, left alone');

    const second = new InProcessVectorIndex({
      directory,
      ...GRAPH_ONLY,
    });
    expect(await second.denseGraph('orphans')).toBe('loaded');
    const names = await readdir(directory);
    expect(names).not.toContain(orphan);
    expect(names.filter((name) => name.endsWith('.usearch'))).toHaveLength(1);
    expect(names).toContain('orphans-too.vindex');
  });

  it('reads version 1 files (no graph keys, no graph)', async () => {
    const directory = await temporaryDirectory();
    const header = {
      format: 'support-vector-index',
      version: 1,
      namespace: 'old',
      denseSize: 2,
      count: 2,
    };
    const dense = Buffer.from(new Float32Array([1, 0, 0.6, 0.8]).buffer);
    const records = [
      { chunkId: 'doc-a#0', docId: 'doc-a', title: 'A', lang: 'en', topic: 't', text: 'a' },
      { chunkId: 'doc-b#0', docId: 'doc-b', title: 'B', lang: 'en', topic: 't', text: 'b' },
    ];
    await writeFile(
      join(directory, 'old.vindex'),
      Buffer.concat([
        Buffer.from(`${JSON.stringify(header)}\n`),
        dense,
        Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join('')),
      ]),
    );
    const index = new InProcessVectorIndex({
      directory,
      ...GRAPH_ONLY,
    });
    expect(await index.denseGraph('old')).toBe('built');
    const hits = await index.query('old', 'dense', [0, 1], 2);
    expect(hits.map((hit) => [hit.chunkId, Number(hit.score.toFixed(4))])).toEqual([
      ['doc-b#0', 0.8],
      ['doc-a#0', 0],
    ]);
    // The next write moves it to the current version, graph included.
    await index.upsert('old', [chunk('doc-c#0', [1, 1])]);
    await index.close();
    const reopened = new InProcessVectorIndex({
      directory,
      ...GRAPH_ONLY,
    });
    expect(await reopened.denseGraph('old')).toBe('loaded');
    expect(await reopened.count('old')).toBe(3);
  });

  it('loads lazily, and reports an unreadable file as unavailable', async () => {
    const directory = await temporaryDirectory();
    await writeFile(join(directory, 'broken.vindex'), 'not a vector index');
    const index = new InProcessVectorIndex({ directory });
    await expect(index.count('broken')).rejects.toMatchObject({
      name: 'VectorIndexUnavailable',
      code: 'internal',
    });
    // Other namespaces are unaffected.
    await index.ensureCollection('fine', { denseSize: 2 });
    expect(await index.count('fine')).toBe(0);
  });
});
