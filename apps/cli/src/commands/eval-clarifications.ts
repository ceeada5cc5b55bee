import type { EvalQuestion } from './eval-questions.js';
import {
  type EvalScore,
  type Outcome,
  type ScorableRow,
  scoreEval,
  type ScoreLine,
} from './eval-scoring.js';

/** A section a clarifying question offered, as an eval row records it. */
export interface OfferedSection {
  readonly optionId: string;
  readonly title: string;
  readonly docId: string;
}

/** The turn that answered a clarification (`--answer-clarifications`): what was chosen, what came. */
export interface AfterChoice {
  readonly optionId: string;
  readonly route: 'answered' | 'escalated' | 'clarified';
  readonly reason: string | null;
  readonly reply: string;
  readonly citations: string[];
  /** The gate and best chunks of that turn's last search, to see why it did not answer. */
  readonly gate?: unknown;
  readonly chunks?: { chunkId: string; score: number }[];
}

/** What a clarified row carries beside its first turn. */
export interface ClarifiedRow extends ScorableRow {
  readonly sections?: readonly OfferedSection[];
  readonly afterChoice?: AfterChoice;
}

/** The option `--answer-clarifications` picks: a section whose document the question's `docs` name, else none. */
export function rightOption(
  question: EvalQuestion,
  sections: readonly OfferedSection[],
): OfferedSection | null {
  const docs = new Set(question.docs ?? []);
  return sections.find((s) => docs.has(s.docId)) ?? null;
}

export interface ClarificationSummary {
  /** First turns that asked which section instead of answering or handing off. */
  readonly clarified: number;
  /** …of them, with a document of the question's `docs` among the options. */
  readonly rightOffered: number;
  /** …of them, where `expect` is `abstain` (off-topic, neighbour, closed list, injection). */
  readonly clarifiedAbstain: number;
  /** The answers after the choice, scored like first turns; null without --answer-clarifications. */
  readonly afterChoice: EvalScore | null;
  /** First-turn answers that are right (correct or noisy). */
  readonly firstTurnCorrect: number;
  /** Answerable questions (expect `answer`) right after at most one clarification. */
  readonly correctAfterChoice: number;
  /** Wrong, wrong-document and guessed answers, first turns and after choices together. */
  readonly wrongOrGuessed: number;
  /** Questions whose `expect` is `answer`. */
  readonly answerable: number;
}

const right = (outcome: Outcome) => outcome === 'correct' || outcome === 'noisy';
const bad = (l: ScoreLine) => l.wrong + l.wrong_document + l.guess;

/** The clarification figures of a run: offered, right option among them, and what the choice gave. */
export function summariseClarifications(
  questions: readonly EvalQuestion[],
  rows: readonly ClarifiedRow[],
  firstTurn: EvalScore,
): ClarificationSummary {
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const clarified = rows.filter((r) => r.route === 'clarified');
  const chosenRows = clarified
    .filter((r) => r.afterChoice)
    .map((r) => ({ id: r.id, ...r.afterChoice! }));
  const chosenIds = new Set(chosenRows.map((r) => r.id));
  const afterScore = chosenRows.length
    ? scoreEval(
        questions.filter((q) => chosenIds.has(q.id)),
        chosenRows,
      )
    : null;
  const rightAfter = new Set(
    (afterScore?.questions ?? []).filter((s) => right(s.outcome)).map((s) => s.id),
  );
  return {
    clarified: clarified.length,
    rightOffered: clarified.filter((r) => rightOption(questionById.get(r.id)!, r.sections ?? []))
      .length,
    clarifiedAbstain: clarified.filter((r) => questionById.get(r.id)?.expect === 'abstain').length,
    afterChoice: afterScore,
    firstTurnCorrect: firstTurn.questions.filter((s) => right(s.outcome)).length,
    correctAfterChoice: firstTurn.questions.filter(
      (s) =>
        (questionById.get(s.id)?.expect ?? 'answer') === 'answer' &&
        (right(s.outcome) || rightAfter.has(s.id)),
    ).length,
    wrongOrGuessed: bad(firstTurn.overall) + (afterScore ? bad(afterScore.overall) : 0),
    answerable: questions.filter(
      (q) => (q.expect ?? 'answer') === 'answer' && firstTurn.questions.some((s) => s.id === q.id),
    ).length,
  };
}

/** The clarification lines of the report. */
export function formatClarifications(summary: ClarificationSummary): string {
  const lines = [
    `clarified first turns: ${summary.clarified} (a right document among the options: ${summary.rightOffered}; where abstaining is expected: ${summary.clarifiedAbstain})`,
  ];
  const after = summary.afterChoice;
  if (after)
    lines.push(
      `after the choice (${after.overall.n}): correct ${after.overall.correct}, noisy ${after.overall.noisy}, wrong ${after.overall.wrong}, wrong doc ${after.overall.wrong_document}, guess ${after.overall.guess}, escalated ${after.overall.escalated}`,
    );
  lines.push(
    `first-turn correct ${summary.firstTurnCorrect}; answerable correct after at most one clarification ${summary.correctAfterChoice}/${summary.answerable}; wrong or guessed ${summary.wrongOrGuessed}`,
  );
  return lines.join('\n');
}
