import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { chunkDocument } from '@support/retrieval/pure';
import { benchCorpus, ingestBench, sparseEncodingBench } from './ingest.bench.js';

const KB = fileURLToPath(new URL('../../../kb', import.meta.url));

describe('ingest bench', () => {
  const docs = benchCorpus(KB);

  it('reads the sample and the eval knowledge bases, each document under its own id', () => {
    expect(docs.some((doc) => doc.lang === 'en')).toBe(true);
    expect(docs.some((doc) => doc.lang === 'ar')).toBe(true);
    expect(new Set(docs.map((doc) => doc.docId)).size).toBe(docs.length);
    // Prefixed k0 (kb/), k1... (each eval shop).
    expect(new Set(docs.map((doc) => doc.docId.split('-')[0])).size).toBeGreaterThan(1);
  });

  it('prints BM25 rates per language over the chunk texts', () => {
    const rows = sparseEncodingBench(docs, 1);
    expect(rows.map((row) => row.lang)).toEqual(['en', 'ar']);
    for (const row of rows) {
      expect(row.texts).toBeGreaterThan(10);
      expect(row.steady_mb).toBeGreaterThanOrEqual(1);
      for (const rate of [row.first_pass_mb_per_s, row.steady_mb_per_s, row.steady_mb_per_cpu_s])
        expect(rate).toBeGreaterThan(0);
    }
  });

  it('ingests whole copies of the corpus and times every step', async () => {
    const corpusChunks = docs.reduce((n, d) => n + chunkDocument(d.docId, d.body).length, 0);
    const row = await ingestBench(docs, corpusChunks + 1, 1);
    expect(row.documents).toBe(docs.length * 2);
    expect(row.chunks).toBe(corpusChunks * 2);
    expect(Object.keys(row.stage_chunks_per_s)).toEqual([
      'screen',
      'chunk',
      'embed',
      'bm25',
      'index_upsert',
    ]);
    expect(row.chunks_per_s).toBeGreaterThan(0);
  });
});
