import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { textAnalysis } from '@support/retrieval';
import { localRetrieval, readKb, readQuestions } from './local-retrieval.js';
import { summarise } from './stats.js';

/** A deterministic pseudo-random generator, so every run indexes the same synthetic corpus. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Synthetic documents in the sample knowledge base's two vocabularies: sentences re-assembled from
 * its words, so postings lists and term statistics look like a grown shop's knowledge base.
 */
function syntheticDocuments(kbDir: string, chunks: number) {
  const next = random(42);
  const kb = readKb(kbDir);
  const vocab = { en: [] as string[], ar: [] as string[] };
  for (const doc of kb)
    vocab[doc.lang].push(...doc.body.split(/\s+/).filter((w) => w && !w.startsWith('#')));
  const sentence = (lang: 'en' | 'ar') =>
    Array.from(
      { length: 8 + Math.floor(next() * 14) },
      () => vocab[lang][Math.floor(next() * vocab[lang].length)],
    ).join(' ') + '.';
  const docs = [];
  const chunksPerDoc = 5;
  for (let d = 0; d * chunksPerDoc < chunks; d++) {
    const lang = next() < 0.5 ? 'en' : 'ar';
    const sections = Array.from(
      { length: chunksPerDoc },
      (_, i) => `## Section ${i + 1}\n\n${sentence(lang)} ${sentence(lang)} ${sentence(lang)}`,
    );
    const body = `# Synthetic ${d}\n\n${sections.join('\n\n')}`;
    docs.push({
      docId: `synthetic-${d}`,
      title: `Synthetic policy ${d}`,
      lang,
      topic: 'other',
      body,
      contentSha256: '0'.repeat(64),
    } as const);
  }
  return docs;
}

export async function retrievalBench(
  kbDir: string,
  questionsFile: string,
  chunkCounts: number[],
  queries: number,
) {
  const results = [];
  for (const count of chunkCounts) {
    const { indexer, pipeline, index } = localRetrieval();
    const namespace = `bench_${count}`;
    const docs = syntheticDocuments(kbDir, count - 100);
    const ingestStarted = performance.now();
    for (const doc of [...readKb(kbDir), ...docs]) await indexer.indexDocument(namespace, doc);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const indexed = await index.count(namespace);

    const questions = readQuestions(questionsFile);
    const latencies: Record<string, number[]> = { all: [], en: [], ar: [], mixed: [] };
    for (let i = 0; i < queries; i++) {
      const q = questions[i % questions.length]!;
      const id = randomUUID();
      const started = performance.now();
      const result = await pipeline.retrieve(
        q.q,
        { requestId: id, conversationId: null, turnId: null, correlationId: id, causationId: null },
        namespace,
      );
      const ms = performance.now() - started;
      latencies.all!.push(ms);
      latencies[result.language]!.push(ms);
    }
    results.push({
      chunks: indexed,
      ingest_chunks_per_s: Math.round(indexed / ingestSeconds),
      latency_ms: Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, summarise(v)])),
      rss_mb: Math.round(process.memoryUsage().rss / 1e6),
    });
  }
  return results;
}

/** Sparse (BM25) document encoding throughput per language, in MB of UTF-8 text per second. */
export function sparseEncodingBench(kbDir: string, rounds = 30) {
  const kb = readKb(kbDir);
  const out: Record<string, number> = {};
  for (const lang of ['en', 'ar'] as const) {
    const texts = kb.filter((d) => d.lang === lang).map((d) => d.body);
    const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) * rounds;
    const encoder = textAnalysis.sparse[lang];
    const started = performance.now();
    for (let r = 0; r < rounds; r++) for (const t of texts) encoder.encodeDocument(t);
    out[`${lang}_mb_per_s`] =
      Math.round((bytes / 1e6 / ((performance.now() - started) / 1000)) * 100) / 100;
  }
  return out;
}
