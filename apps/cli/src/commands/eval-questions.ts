import { invalidRow as fail, jsonlRows } from './jsonl-rows.js';

export const EXPECTATIONS = ['answer', 'abstain', 'either', 'abstain_or_grounded'] as const;
export type Expectation = (typeof EXPECTATIONS)[number];

/** One line of an evaluation set's `questions.jsonl` (fields: ../shared/eval/README.md). */
export interface EvalQuestion {
  readonly id: string;
  readonly q: string;
  readonly lang?: string;
  readonly kind?: string;
  readonly expect?: Expectation;
  readonly docs?: readonly string[];
  /** A regular expression (case-insensitive) that a right answer's text matches. */
  readonly key?: string;
}

/**
 * Parses and checks a questions JSONL file up front, so a typo in a `key` or an `expect` stops the
 * run before minutes of questions are asked, naming the line.
 */
export function parseEvalQuestions(text: string, source = 'questions'): EvalQuestion[] {
  return jsonlRows(text, source).map(({ row, where }) => {
    if (typeof row.q !== 'string' || !row.q) fail(where, '`q` must be a non-empty string');
    if (row.expect !== undefined && !EXPECTATIONS.includes(row.expect as Expectation))
      fail(where, `\`expect\` must be one of ${EXPECTATIONS.join(', ')}`);
    if (
      row.docs !== undefined &&
      !(Array.isArray(row.docs) && row.docs.every((d) => typeof d === 'string'))
    )
      fail(where, '`docs` must be a list of document ids');
    if (row.key !== undefined) {
      if (typeof row.key !== 'string' || !row.key) fail(where, '`key` must be a non-empty string');
      try {
        new RegExp(row.key as string, 'iu');
      } catch (error) {
        fail(where, `\`key\` is not a regular expression (${(error as Error).message})`);
      }
    }
    return row as unknown as EvalQuestion;
  });
}
