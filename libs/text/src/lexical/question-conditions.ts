import { textLists } from '../packs/text-lists.js';
import { contentTerms } from './lexical-scores.js';

// The words that open a clause setting the customer's circumstances ("if the colour looks
// different once it is delivered"), as typed (`lang/*/questions.yaml`): English "when", "after"
// and "before" open a question as often as a condition, so they count only after its start.
const OPENS_ANYWHERE = new RegExp(
  `\\b(?:${textLists.written('condition_openers', 'latin').join('|')})\\b|(?:^|\\s)(?:${textLists
    .written('condition_openers', 'arabic')
    .join('|')})(?=\\s)`,
  'i',
);
const OPENS_LATER = new RegExp(
  `\\s(?:${textLists.written('later_condition_openers').join('|')})\\b`,
  'i',
);
// A clause ends at a comma or the end of its sentence.
const CLAUSE_END = /[,،;؛.!?؟]/;

export interface ConditionOptions {
  /**
   * Only the words that open nothing but a condition ("if", "unless", "لو", "إذا"): a rule of the
   * knowledge base says "before 2 PM" and "when" of its outcome, not of the reader's case.
   */
  readonly explicitOnly?: boolean;
}

/** A question split into its condition clauses and the rest, what it asks. */
export interface QuestionConditions {
  /** The clauses that set the customer's circumstances ("if I order at 9 pm"). */
  readonly conditions: readonly string[];
  /** The rest of the question. */
  readonly main: string;
}

/**
 * The clauses of a question that set the customer's circumstances, apart from what it asks. A
 * condition at the start of a sentence counts only when a comma closes it ("If I paid by card,
 * how long…"): without one, where it ends and the question begins is a guess.
 */
export function questionConditions(
  question: string,
  options: ConditionOptions = {},
): QuestionConditions {
  const conditions: string[] = [];
  let main = '';
  for (const sentence of question.split(/(?<=[.!?؟])\s+|\n+/)) {
    let rest = sentence;
    while (rest.length > 0) {
      const opens = firstOpening(rest, options.explicitOnly === true);
      if (opens === undefined) {
        main += ` ${rest}`;
        break;
      }
      const before = rest.slice(0, opens);
      const after = rest.slice(opens);
      const end = after.search(CLAUSE_END);
      const clause = end < 0 ? after : after.slice(0, end);
      const closedByComma = end >= 0 && /[,،]/.test(after[end]!);
      if (before.trim().length === 0 && !closedByComma) {
        main += ` ${rest}`;
        break;
      }
      main += ` ${before}`;
      conditions.push(clause);
      rest = end < 0 ? '' : after.slice(end + 1);
    }
  }
  return { conditions, main };
}

/**
 * The terms a question names only inside its conditions: in "Can I exchange a scarf if the colour
 * looks different once it is delivered?", "delivered" sets when, the question is about exchanging.
 */
export function conditionOnlyTerms(question: string, options: ConditionOptions = {}): Set<string> {
  const { conditions, main } = questionConditions(question, options);
  const asked = contentTerms(main);
  return new Set([...contentTerms(conditions.join(' '))].filter((term) => !asked.has(term)));
}

function firstOpening(text: string, explicitOnly: boolean): number | undefined {
  const anywhere = OPENS_ANYWHERE.exec(text);
  const later = explicitOnly ? null : OPENS_LATER.exec(text);
  const at = [anywhere?.index, later?.index].filter((i): i is number => i !== undefined);
  return at.length === 0 ? undefined : Math.min(...at);
}
