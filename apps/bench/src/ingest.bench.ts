import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HashingEmbedder } from '@support/models';
import {
  chunkDocument,
  DocumentIndexer,
  indexedChunks,
  type KbDocument,
  screenDocument,
  textAnalysis,
} from '@support/retrieval/pure';
import { arabicBm25, englishBm25 } from '@support/text';
import { InProcessVectorIndex } from '@support/vector-index';
import { readKb } from './local-retrieval.js';

export interface IngestBenchOptions {
  /** The sample knowledge base; every `eval/<shop>/kb` beside it is read too. */
  kbDir: string;
  /** Chunks to ingest: the corpus is repeated, each copy under new document ids. */
  chunks: number;
  /** MB of text each language's encoder reads for the steady rate. */
  sparseMb: number;
  runs: number;
}

/**
 * Every knowledge-base document of the repository (the sample one and the eval shops'), each
 * under an id of its own; documents the screening refuses are left out, as ingestion leaves them.
 */
export function benchCorpus(kbDir: string): KbDocument[] {
  const evalRoot = join(kbDir, '..', 'eval');
  const shops = existsSync(evalRoot)
    ? readdirSync(evalRoot)
        .sort()
        .map((shop) => join(evalRoot, shop, 'kb'))
        .filter((dir) => existsSync(dir))
    : [];
  return [kbDir, ...shops]
    .flatMap((dir, kb) => readKb(dir).map((doc) => ({ ...doc, docId: `k${kb}-${doc.docId}` })))
    .filter((doc) => screenDocument(doc).length === 0);
}

/** The texts ingestion BM25-encodes: each chunk with its document's title, per language. */
function searchableTexts(docs: readonly KbDocument[]) {
  const texts = { en: [] as string[], ar: [] as string[] };
  for (const doc of docs)
    for (const chunk of chunkDocument(doc.docId, doc.body))
      texts[doc.lang].push(`${doc.title}\n${chunk.text}`);
  return texts;
}

/** CPU time of this process (all threads) since `since`, in ms. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const mbPerSecond = (bytes: number, ms: number) =>
  Math.round((bytes / 1e6 / (ms / 1000)) * 100) / 100;
const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000));

/**
 * BM25 document encoding of the corpus's chunk texts, per language, in MB of UTF-8 per second:
 * `first_pass` with a new encoder (nothing memoised yet: every token stemmed and hashed), and
 * `steady` with one encoder reading the corpus again and again for `sparseMb` MB.
 */
export function sparseEncodingBench(docs: readonly KbDocument[], sparseMb: number) {
  const texts = searchableTexts(docs);
  const rows = [];
  for (const lang of ['en', 'ar'] as const) {
    const corpus = texts[lang];
    const bytes = corpus.reduce((n, text) => n + Buffer.byteLength(text), 0);
    const fresh = lang === 'en' ? englishBm25 : arabicBm25;
    const firstPass: number[] = [];
    const firstPassCpu: number[] = [];
    for (let i = 0; i < 9; i++) {
      const encoder = fresh();
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (const text of corpus) encoder.encodeDocument(text);
      firstPass.push(mbPerSecond(bytes, performance.now() - started));
      firstPassCpu.push(mbPerSecond(bytes, cpuMs(cpu)));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
    const encoder = textAnalysis.sparse[lang];
    const rounds = Math.max(1, Math.ceil((sparseMb * 1e6) / bytes));
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let r = 0; r < rounds; r++) for (const text of corpus) encoder.encodeDocument(text);
    const wallMs = performance.now() - started;
    rows.push({
      lang,
      texts: corpus.length,
      corpus_kb: Math.round(bytes / 1000),
      // The median of nine new encoders (the first also warms the JIT up).
      first_pass_mb_per_s: median(firstPass),
      first_pass_mb_per_cpu_s: median(firstPassCpu),
      steady_mb_per_s: mbPerSecond(bytes * rounds, wallMs),
      // Per second of this process's CPU: steadier than wall time on a shared machine.
      steady_mb_per_cpu_s: mbPerSecond(bytes * rounds, cpuMs(cpu)),
      steady_mb: Math.round((bytes * rounds) / 1e6),
    });
  }
  return rows;
}

/** `copies` copies of the corpus, each document under an id of its own. */
function copiesOf(docs: readonly KbDocument[], copies: number, run: number): KbDocument[] {
  return Array.from({ length: copies }, (_, copy) =>
    docs.map((doc) => ({ ...doc, docId: `${doc.docId}-r${run}-c${copy}` })),
  ).flat();
}

/**
 * Ingestion through `DocumentIndexer` (what the retrieval service runs for each
 * `kb.document_upserted`): screening, chunking, the hashing embedder, BM25 and the in-process
 * index, one document after another. Then the same steps timed one by one (chunks/s each stage
 * alone would allow), so the slowest one shows.
 */
export async function ingestBench(docs: readonly KbDocument[], chunks: number, run: number) {
  const corpusChunks = docs.reduce((n, doc) => n + chunkDocument(doc.docId, doc.body).length, 0);
  const copies = Math.max(1, Math.ceil(chunks / corpusChunks));
  const documents = copiesOf(docs, copies, run);
  const embedder = new HashingEmbedder();
  const index = new InProcessVectorIndex({});
  const indexer = new DocumentIndexer(index, embedder, textAnalysis.sparse);
  const namespace = `bench_ingest_${run}`;

  let indexed = 0;
  let firstCopyMs = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const [i, doc] of documents.entries()) {
    const result = await indexer.indexDocument(namespace, doc);
    if (result.kind !== 'indexed') throw new Error(`${doc.docId} was quarantined`);
    indexed += result.chunkIds.length;
    if (i === docs.length - 1) firstCopyMs = performance.now() - started;
  }
  const totalMs = performance.now() - started;
  const totalCpuMs = cpuMs(cpu);

  // The indexer's steps again, each timed, into an index of their own: where the time goes.
  const stageMs = { screen: 0, chunk: 0, embed: 0, bm25: 0, index_upsert: 0 };
  const stageIndex = new InProcessVectorIndex({});
  await stageIndex.ensureCollection(namespace, { denseSize: embedder.dimensions });
  let t = performance.now();
  const lap = (stage: keyof typeof stageMs) => {
    const now = performance.now();
    stageMs[stage] += now - t;
    t = now;
  };
  for (const doc of documents) {
    t = performance.now();
    screenDocument(doc);
    lap('screen');
    const chunks = chunkDocument(doc.docId, doc.body);
    const searchable = chunks.map((c) => `${doc.title}\n${c.text}`);
    lap('chunk');
    const dense = await embedder.embedDocuments(searchable);
    lap('embed');
    const sparse = searchable.map((text) => textAnalysis.sparse[doc.lang].encodeDocument(text));
    lap('bm25');
    const points = indexedChunks(doc, chunks, dense, sparse);
    t = performance.now();
    await stageIndex.upsert(namespace, points);
    lap('index_upsert');
  }
  const stages = Object.fromEntries(
    Object.entries(stageMs).map(([stage, ms]) => [stage, perSecond(indexed, ms)]),
  );

  return {
    run,
    documents: documents.length,
    chunks: indexed,
    chunks_per_s: perSecond(indexed, totalMs),
    chunks_per_cpu_s: perSecond(indexed, totalCpuMs),
    // The first copy of the corpus: words not yet memoised, code not yet optimised.
    first_copy_chunks_per_s: perSecond(corpusChunks, firstCopyMs),
    stage_chunks_per_s: stages,
    rss_mb: Math.round(process.memoryUsage().rss / 1e6),
  };
}
