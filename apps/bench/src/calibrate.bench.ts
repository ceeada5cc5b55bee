import { randomUUID } from 'node:crypto';
import { passesFloor } from '@support/policy';
import { localRetrieval, type LabelledQuestion, readKb, readQuestions } from './local-retrieval.js';

export interface QuestionOutcome {
  readonly question: LabelledQuestion;
  readonly topScore: number | null;
  readonly verdict: string;
  readonly retrievedDocs: string[];
  readonly latencyMs: number;
}

/** Runs a labelled question set through retrieval over a knowledge base, in process. */
export async function runQuestions(
  kbDir: string,
  questionsFile: string,
  env: Record<string, string> = {},
) {
  const { indexer, pipeline } = localRetrieval({ env });
  const namespace = 'calibration';
  for (const doc of readKb(kbDir)) await indexer.indexDocument(namespace, doc);
  const outcomes: QuestionOutcome[] = [];
  for (const question of readQuestions(questionsFile)) {
    const id = randomUUID();
    const result = await pipeline.retrieve(
      question.q,
      { requestId: id, conversationId: null, turnId: null, correlationId: id, causationId: null },
      namespace,
    );
    outcomes.push({
      question,
      topScore: result.gate?.topScore ?? null,
      verdict: result.verdict,
      retrievedDocs: result.chunks.map((c) => c.docId),
      latencyMs: result.latencyMs,
    });
  }
  return outcomes;
}

/** recall@k per question kind: share of questions with an expected document among the prompt chunks. */
export function recallByKind(outcomes: readonly QuestionOutcome[]) {
  const byKind = new Map<string, { hit: number; total: number }>();
  for (const o of outcomes) {
    if (o.question.docs.length === 0) continue;
    const entry = byKind.get(o.question.kind) ?? { hit: 0, total: 0 };
    entry.total += 1;
    if (o.question.docs.some((d) => o.retrievedDocs.includes(d))) entry.hit += 1;
    byKind.set(o.question.kind, entry);
  }
  return Object.fromEntries(
    [...byKind].map(([kind, { hit, total }]) => [kind, { recall: round(hit / total), hit, total }]),
  );
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The floor sweep: for each floor, how many answerable questions would be answered (recall of the
 * gate) and how many abstain-expected questions would wrongly pass (leak), per kind.
 */
export function sweepFloors(outcomes: readonly QuestionOutcome[], step = 0.05) {
  const answerable = outcomes.filter((o) => o.question.expect === 'answer');
  const abstain = outcomes.filter((o) => o.question.expect === 'abstain');
  const rows = [];
  for (let floor = 0; floor <= 1.0001; floor += step) {
    const passes = (o: QuestionOutcome) => passesFloor(o.topScore, floor);
    const answered = answerable.filter(passes).length;
    const leaked = abstain.filter(passes).length;
    const precision = answered + leaked === 0 ? 1 : answered / (answered + leaked);
    rows.push({
      floor: round(floor),
      answer_recall: round(answered / Math.max(answerable.length, 1)),
      abstain_leak: round(leaked / Math.max(abstain.length, 1)),
      precision: round(precision),
      escalation_rate: round(outcomes.filter((o) => !passes(o)).length / outcomes.length),
    });
  }
  return rows;
}

/** The floor that keeps abstain leaks at or under `maxLeak` with the best answer recall. */
export function chooseFloor(rows: ReturnType<typeof sweepFloors>, maxLeak = 0.1) {
  const admissible = rows.filter((r) => r.abstain_leak <= maxLeak);
  return admissible.sort((a, b) => b.answer_recall - a.answer_recall || a.floor - b.floor)[0];
}
