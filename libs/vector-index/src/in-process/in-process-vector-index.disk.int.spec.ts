import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeVectorIndexContract } from '../testing/vector-index.contract.js';
import type { IndexedChunk } from '../vector-index.port.js';
import { InProcessVectorIndex } from './in-process-vector-index.js';

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
