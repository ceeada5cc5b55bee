import { readFileSync, writeFileSync } from 'node:fs';
import { ensureServices } from '../host/system-services.js';
import { ingestCommand } from './ingest.js';
import { TurnClient } from './turn-client.js';

interface Question {
  id: string;
  q: string;
  kind?: string;
  expect?: string;
  docs?: string[];
}

export interface EvalRow {
  id: string;
  route: 'answered' | 'escalated';
  reason: string | null;
  reply: string;
  citations: string[];
  chunks: { chunkId: string; docId: string; score: number }[];
  gate: unknown;
  latency_ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** The summary of an eval run: answered share per kind, abstentions where expected, wrong documents. */
export function summariseEval(questions: readonly Question[], rows: readonly EvalRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kinds = new Map<string, { n: number; answered: number }>();
  let abstainExpected = 0;
  let abstainEscalated = 0;
  const wrongDocument: string[] = [];
  for (const q of questions) {
    const row = byId.get(q.id);
    if (!row) continue;
    const kind = q.kind ?? 'all';
    const entry = kinds.get(kind) ?? { n: 0, answered: 0 };
    entry.n += 1;
    if (row.route === 'answered') entry.answered += 1;
    kinds.set(kind, entry);
    if (q.expect === 'abstain') {
      abstainExpected += 1;
      if (row.route === 'escalated') abstainEscalated += 1;
    }
    const expected = new Set(q.docs ?? []);
    if (row.route === 'answered' && expected.size > 0) {
      const citedDocs = row.citations
        .map((c) => c.split('#')[0]!)
        .filter((d) => !d.startsWith('tool-'));
      if (citedDocs.some((d) => !expected.has(d))) wrongDocument.push(q.id);
    }
  }
  const latencies = rows.map((r) => r.latency_ms).sort((a, b) => a - b);
  return {
    perKind: Object.fromEntries(
      [...kinds].map(([k, v]) => [k, { n: v.n, answeredShare: round(v.answered / v.n) }]),
    ),
    abstainExpected,
    abstainExpectedEscalated: abstainEscalated,
    abstainExpectedEscalatedShare: abstainExpected
      ? round(abstainEscalated / abstainExpected)
      : null,
    answersCitingWrongDocument: wrongDocument,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * `eval --kb DIR --questions FILE.jsonl --out FILE.jsonl`: ingests the knowledge base into a fresh
 * namespace, asks every question through the real services and writes one row per question.
 */
export async function evalCommand(options: {
  kb: string;
  questions: string;
  out: string;
  timeoutMs: number;
}) {
  const questions = readFileSync(options.questions, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
  const namespace = `eval_${Date.now().toString(36)}`;
  const services = await ensureServices(['retrieval', 'reranker-proxy', 'agent']);
  const client = await TurnClient.open();
  const rows: EvalRow[] = [];
  try {
    await ingestCommand({ dir: options.kb, namespace, timeoutMs: options.timeoutMs, quiet: true });
    for (const q of questions) {
      const outcome = await client.ask(q.q, {
        namespace,
        customerId: `eval-${q.id}`.slice(0, 128),
        timeoutMs: options.timeoutMs,
      });
      const retrieval = outcome.retrievals.at(-1);
      rows.push({
        id: q.id,
        route: outcome.reply.kind === 'answer' ? 'answered' : 'escalated',
        reason: outcome.escalation?.reason ?? null,
        reply: outcome.reply.text,
        citations: outcome.reply.citations.map((c) => c.chunkId),
        chunks: (retrieval?.chunks ?? []).map(({ chunkId, docId, score }) => ({
          chunkId,
          docId,
          score,
        })),
        gate: retrieval?.gate ?? null,
        latency_ms: outcome.latencyMs,
      });
    }
  } finally {
    await client.close();
    await services.close();
  }
  writeFileSync(options.out, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const summary = summariseEval(questions, rows);
  console.log(`wrote ${rows.length} rows to ${options.out} (namespace ${namespace})\n`);
  console.table(summary.perKind);
  console.log(
    `abstain-expected questions escalated: ${summary.abstainExpectedEscalated} of ${summary.abstainExpected} (share ${summary.abstainExpectedEscalatedShare})`,
  );
  console.log(
    `answers citing a document outside the expected ones: ${summary.answersCitingWrongDocument.length ? summary.answersCitingWrongDocument.join(', ') : 'none'}`,
  );
  console.log(
    `turn latency (services, model time included): p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms`,
  );
  return summary;
}
