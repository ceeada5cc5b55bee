import { readFileSync, writeFileSync } from 'node:fs';
import { CUSTOMER_ID_MAX_CHARS } from '@support/contracts';
import { ensureServices } from '../host/system-services.js';
import {
  type AfterChoice,
  type ClarificationSummary,
  formatClarifications,
  type OfferedSection,
  rightOption,
  summariseClarifications,
} from './eval-clarifications.js';
import { type EvalQuestion, parseEvalQuestions } from './eval-questions.js';
import { formatScoreReport, formatScoreTable } from './eval-report.js';
import { type EvalScore, scoreEval } from './eval-scoring.js';
import { checkTargets } from './eval-targets.js';
import { ingestCommand } from './ingest.js';
import { type TurnOutcome, TurnClient } from './turn-client.js';

export interface EvalRow {
  id: string;
  route: 'answered' | 'escalated' | 'clarified';
  reason: string | null;
  reply: string;
  citations: string[];
  chunks: { chunkId: string; docId: string; score: number }[];
  gate: unknown;
  latency_ms: number;
  /** The row's score (eval-scoring.ts), written with the row for tools that read the file. */
  outcome?: string;
  /** The sections a clarifying question offered (route `clarified`). */
  sections?: OfferedSection[];
  /** With --answer-clarifications: the option chosen and the turn it ran. */
  afterChoice?: AfterChoice;
}

const routeOf = (outcome: TurnOutcome): EvalRow['route'] =>
  outcome.reply.kind === 'answer'
    ? 'answered'
    : outcome.reply.kind === 'clarification'
      ? 'clarified'
      : 'escalated';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export function latencySummary(rows: readonly EvalRow[]) {
  const latencies = rows.map((r) => r.latency_ms).sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Asks every question through the real services, against the knowledge base ingested fresh. */
async function askAll(
  questions: readonly EvalQuestion[],
  kb: string,
  timeoutMs: number,
  answerClarifications: boolean,
  keepGoingOnQuarantine: boolean,
): Promise<{ rows: EvalRow[]; namespace: string }> {
  const namespace = `eval_${Date.now().toString(36)}`;
  const services = await ensureServices(['retrieval', 'reranker-proxy', 'agent']);
  const client = await TurnClient.open();
  const rows: EvalRow[] = [];
  try {
    await ingestCommand({ dir: kb, namespace, timeoutMs, quiet: true, keepGoingOnQuarantine });
    for (const q of questions) {
      const customerId = `eval-${q.id}`.slice(0, CUSTOMER_ID_MAX_CHARS);
      const outcome = await client.ask(q.q, { namespace, customerId, timeoutMs });
      const retrieval = outcome.retrievals.at(-1);
      const sections = outcome.clarification?.sections.map(({ optionId, title, docId }) => ({
        optionId,
        title,
        docId,
      }));
      let afterChoice: AfterChoice | undefined;
      if (sections && answerClarifications) {
        // The option whose document the question's `docs` name, else "none of these".
        const pick = rightOption(q, sections);
        const none = outcome.reply.options?.at(-1);
        const chosen = pick
          ? { optionId: pick.optionId, title: pick.title }
          : { optionId: none!.id, title: none!.title };
        const next = await client.ask(chosen.title, {
          namespace,
          customerId,
          timeoutMs,
          conversationId: outcome.conversationId,
          choice: { optionId: chosen.optionId },
        });
        afterChoice = {
          optionId: chosen.optionId,
          route: routeOf(next),
          reason: next.escalation?.reason ?? null,
          reply: next.reply.text,
          citations: next.reply.citations.map((c) => c.chunkId),
          gate: next.retrievals.at(-1)?.gate ?? null,
          chunks: (next.retrievals.at(-1)?.chunks ?? [])
            .slice(0, 3)
            .map(({ chunkId, score }) => ({ chunkId, score })),
        };
      }
      rows.push({
        id: q.id,
        route: routeOf(outcome),
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
        ...(sections ? { sections } : {}),
        ...(afterChoice ? { afterChoice } : {}),
      });
    }
  } finally {
    await client.close();
    await services.close();
  }
  return { rows, namespace };
}

const readRows = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalRow);

/**
 * `eval --questions FILE.jsonl (--kb DIR --out FILE.jsonl | --rows FILE.jsonl) [--score] [--json]
 * [--answer-clarifications]`:
 * ingests the knowledge base into a fresh namespace, asks every question through the real
 * services, writes one row per question and scores them (../shared/eval/README.md); `--rows`
 * scores the rows of an earlier run instead of asking again. A clarified first turn scores as a
 * handoff; with --answer-clarifications the offered option whose document is in the question's
 * `docs` is chosen (else "none of these") and that turn is scored apart.
 */
export async function evalCommand(options: {
  questions: string;
  kb?: string;
  out?: string;
  rows?: string;
  timeoutMs: number;
  score?: boolean;
  json?: boolean;
  answerClarifications?: boolean;
  /** Ask the questions even when the screen quarantined a document (it is not searchable). */
  keepGoingOnQuarantine?: boolean;
}): Promise<EvalScore & { clarifications: ClarificationSummary }> {
  const questions = parseEvalQuestions(readFileSync(options.questions, 'utf8'), options.questions);
  let rows: EvalRow[];
  let namespace: string | null = null;
  if (options.rows) rows = readRows(options.rows);
  else if (options.kb)
    ({ rows, namespace } = await askAll(
      questions,
      options.kb,
      options.timeoutMs,
      options.answerClarifications === true,
      options.keepGoingOnQuarantine === true,
    ));
  else throw new Error('eval needs --kb DIR to ask the questions, or --rows FILE to score a run');

  const score = scoreEval(questions, rows);
  const clarifications = summariseClarifications(questions, rows, score);
  const outcomeById = new Map(score.questions.map((s) => [s.id, s.outcome]));
  if (options.out)
    writeFileSync(
      options.out,
      rows.map((r) => JSON.stringify({ ...r, outcome: outcomeById.get(r.id) })).join('\n') + '\n',
    );
  const latencyMs = latencySummary(rows);
  if (options.json) {
    console.log(
      JSON.stringify(
        { ...score, clarifications, targets: checkTargets(score), latencyMs, namespace },
        null,
        2,
      ),
    );
    return { ...score, clarifications };
  }
  if (options.out)
    console.error(
      `wrote ${rows.length} rows to ${options.out}${namespace ? ` (namespace ${namespace})` : ''}\n`,
    );
  if (options.score) console.log(formatScoreReport(score, questions, rows));
  else {
    console.log(formatScoreTable('kind', score.perKind, score.overall));
    console.log(
      `\nCRAG-style score ${score.overall.crag}/${score.overall.n} (--score for the details)`,
    );
  }
  console.log(`\n${formatClarifications(clarifications)}`);
  console.log(
    `\nturn latency (services, model time included): p50 ${latencyMs.p50} ms, p99 ${latencyMs.p99} ms`,
  );
  return { ...score, clarifications };
}
