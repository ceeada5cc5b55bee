import { judgedSupport, type SupportQuestion, type ValidationVerdict } from '@support/citations';
import { VERDICT_PROBLEM_MAX_CHARS } from '@support/contracts';
import { isModelError, type SupportJudge } from '@support/models';

/** What a support judge said about a reply's questions. */
export interface SupportJudgement {
  /** The sentences it vouched for (the reply check's `judgedSupport`). */
  readonly judged: ReadonlySet<string>;
  /** Its answer about each question's sentence, by the sentence's index: for the turn trace. */
  readonly notes: ReadonlyMap<number, string>;
}

/**
 * The judge's entailment of every question, in one call. A judge that fails vouches for nothing:
 * the first verdict stands, and each question's note says why.
 */
export async function askSupportJudge(
  judge: SupportJudge,
  questions: readonly SupportQuestion[],
  minEntailment: number,
): Promise<SupportJudgement> {
  try {
    const scores = await judge.entailment(
      questions.map(({ premise, hypothesis }) => ({ premise, hypothesis })),
    );
    return {
      judged: judgedSupport(questions, scores, minEntailment),
      notes: new Map(
        questions.map((question, i) => [
          question.index,
          `support judge: entailment ${scores[i]!.toFixed(2)} (min ${minEntailment})`,
        ]),
      ),
    };
  } catch (error) {
    const why = isModelError(error) ? error.code : (error as Error).name;
    return {
      judged: new Set(),
      notes: new Map(questions.map((q) => [q.index, `support judge failed: ${why}`])),
    };
  }
}

/** The verdict with each failing sentence's judge note after its problem (the prefix kept). */
export function withJudgeNotes(
  verdict: ValidationVerdict,
  notes: ReadonlyMap<number, string>,
): ValidationVerdict {
  const sentences = verdict.sentences.map((sentence, index) => {
    const note = notes.get(index);
    if (sentence.ok || note === undefined || sentence.problem === undefined) return sentence;
    const room = VERDICT_PROBLEM_MAX_CHARS - note.length - 2;
    const problem = [...sentence.problem];
    const kept =
      problem.length <= room ? sentence.problem : `${problem.slice(0, room - 1).join('')}…`;
    return { ...sentence, problem: `${kept}; ${note}` };
  });
  return { ...verdict, sentences };
}
