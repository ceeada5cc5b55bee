import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { textAnalysis } from '@support/retrieval';
import { seededRandom } from '@support/testing';
import { InProcessVectorIndex } from '@support/vector-index';
import { localRetrieval, readKb, readQuestions } from './local-retrieval.js';
import { settledMemory } from './settled-memory.js';
import { summarise } from './stats.js';

/** The legs' page size in the pipeline (LEG_TOP_K), and so the k of the dense leg's recall. */
const LEG_TOP_K = 20;

/** The sample knowledge base's words per language, and a maker of sentences from them. */
function vocabulary(kbDir: string, next: () => number) {
  const vocab = { en: [] as string[], ar: [] as string[] };
  for (const doc of readKb(kbDir))
    vocab[doc.lang].push(...doc.body.split(/\s+/).filter((w) => w && !w.startsWith('#')));
  return (lang: 'en' | 'ar') =>
    Array.from(
      { length: 8 + Math.floor(next() * 14) },
      () => vocab[lang][Math.floor(next() * vocab[lang].length)],
    ).join(' ') + '.';
}

/**
 * Synthetic documents in the sample knowledge base's two vocabularies: sentences re-assembled from
 * its words, so postings lists and term statistics look like a grown shop's knowledge base.
 */
function syntheticDocuments(kbDir: string, chunks: number) {
  const next = seededRandom(42);
  const sentence = vocabulary(kbDir, next);
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

/** The labelled questions, then synthetic sentences of both languages up to `count` queries. */
function recallQueries(kbDir: string, questions: readonly string[], count: number): string[] {
  const next = seededRandom(7);
  const sentence = vocabulary(kbDir, next);
  const queries = questions.slice(0, count);
  while (queries.length < count) queries.push(sentence(queries.length % 2 === 0 ? 'en' : 'ar'));
  return queries;
}

const mb = (bytes: number) => Math.round(bytes / 1e6);

/**
 * Per index size: ingest through the indexer (graph linking included), the pipeline's latency per
 * question (as a turn runs it: legs, fusion, lexical rerank, gates), a full three-leg query
 * (embedding, both BM25 encodings and the three legs at once), recall@20 of the dense leg against
 * an exact scan, and the memory the index holds per chunk.
 */
export async function retrievalBench(
  kbDir: string,
  questionsFile: string,
  chunkCounts: number[],
  queries: number,
) {
  const results = [];
  const questions = readQuestions(questionsFile);
  const probes = recallQueries(
    kbDir,
    questions.map((q) => q.q),
    queries,
  );
  for (const count of chunkCounts) {
    const before = settledMemory();
    const index = new InProcessVectorIndex({});
    const { indexer, pipeline, embedder } = localRetrieval({ index });
    const namespace = `bench_${count}`;
    const docs = syntheticDocuments(kbDir, count - 100);
    const ingestStarted = performance.now();
    for (const doc of [...readKb(kbDir), ...docs]) await indexer.indexDocument(namespace, doc);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const indexed = await index.count(namespace);
    const held = settledMemory();

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

    const threeLegs: number[] = [];
    const dense: number[] = [];
    const exact: number[] = [];
    let found = 0;
    for (const text of probes) {
      const started = performance.now();
      const vector = await embedder.embedQuery(text);
      await Promise.all([
        index.query(namespace, 'dense', vector, LEG_TOP_K),
        index.query(namespace, 'sparse_en', textAnalysis.sparse.en.encodeQuery(text), LEG_TOP_K),
        index.query(namespace, 'sparse_ar', textAnalysis.sparse.ar.encodeQuery(text), LEG_TOP_K),
      ]);
      threeLegs.push(performance.now() - started);

      let t = performance.now();
      const approximate = await index.query(namespace, 'dense', vector, LEG_TOP_K);
      dense.push(performance.now() - t);
      t = performance.now();
      const truth = await index.exactDenseQuery(namespace, vector, LEG_TOP_K);
      exact.push(performance.now() - t);
      const wanted = new Set(truth.map((hit) => hit.chunkId));
      found += approximate.filter((hit) => wanted.has(hit.chunkId)).length;
    }

    results.push({
      chunks: indexed,
      ingest_s: Math.round(ingestSeconds * 10) / 10,
      ingest_chunks_per_s: Math.round(indexed / ingestSeconds),
      dense_graph: await index.denseGraph(namespace),
      latency_ms: Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, summarise(v)])),
      three_legs_ms: summarise(threeLegs),
      dense_ms: summarise(dense),
      exact_dense_ms: summarise(exact),
      dense_recall_at_20: {
        queries: probes.length,
        recall: Math.round((found / (LEG_TOP_K * probes.length)) * 10000) / 10000,
      },
      rss_mb: mb(held.rss),
      // What building this index added, after a full collection, divided by its chunks.
      bytes_per_chunk: {
        rss: Math.round((held.rss - before.rss) / indexed),
        js_heap: Math.round((held.heapUsed - before.heapUsed) / indexed),
        array_buffers: Math.round((held.arrayBuffers - before.arrayBuffers) / indexed),
      },
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
