import { passesFloor } from '@support/policy';

/** The part of an `eval --out` row this needs (see apps/cli eval.ts). */
export interface EvalGateRow {
  readonly id: string;
  readonly route?: string;
  readonly reason?: string | null;
  readonly gate: unknown;
}

/** A labelled question from the questions JSONL; only `expect` answer/abstain rows are scored. */
export interface LabelledQuestion {
  readonly id: string;
  readonly expect?: string;
}

export interface GatePrecisionRecallRow {
  readonly floor: number;
  /** answer-expected and admitted */
  readonly tp: number;
  /** abstain-expected and admitted */
  readonly fp: number;
  /** answer-expected and blocked */
  readonly fn: number;
  /** abstain-expected and blocked */
  readonly tn: number;
  /** tp / (tp + fp); null when nothing is admitted. */
  readonly precision: number | null;
  /** tp / (tp + fn); null when no question expects an answer. */
  readonly recall: number | null;
}

/** The top score the gate judged in an eval row; null when there was none (or no gate). */
export function topScoreOf(row: EvalGateRow): number | null {
  const gate = row.gate as { topScore?: unknown } | null | undefined;
  return gate && typeof gate.topScore === 'number' ? gate.topScore : null;
}

/**
 * The precision/recall of the gate's "answer" decisions per floor, over eval rows joined with
 * their labelled questions by id. A row is admitted at floor f when its recorded top score reaches
 * f (a row without a gate — retrieval unavailable — is blocked at every floor). Only the gate is
 * judged: escalations after admission (validation, agent) do not count against it.
 */
export function gatePrecisionRecall(
  rows: readonly EvalGateRow[],
  questions: readonly LabelledQuestion[],
  floors: readonly number[],
): GatePrecisionRecallRow[] {
  const expectById = new Map(questions.map((q) => [q.id, q.expect]));
  const labelled = rows.flatMap((row) => {
    const expect = expectById.get(row.id);
    return expect === 'answer' || expect === 'abstain'
      ? [{ expect, topScore: topScoreOf(row) }]
      : [];
  });
  return floors.map((floor) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    for (const { expect, topScore } of labelled) {
      const admitted = passesFloor(topScore, floor);
      if (expect === 'answer') {
        if (admitted) tp += 1;
        else fn += 1;
      } else if (admitted) fp += 1;
      else tn += 1;
    }
    return {
      floor,
      tp,
      fp,
      fn,
      tn,
      precision: tp + fp === 0 ? null : tp / (tp + fp),
      recall: tp + fn === 0 ? null : tp / (tp + fn),
    };
  });
}

/** Parses JSONL text (blank lines skipped). */
export function parseJsonl<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}
