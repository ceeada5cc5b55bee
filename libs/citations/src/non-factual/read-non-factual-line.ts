import { stripCitations } from '../citations/strip-citations.js';
import { checkWords } from '../words/check-words.js';
import { isCourtesyWording, isLeadInWording } from './courtesy-words.js';
import { KIND_OF_LINE, NON_FACTUAL_LINES, type NonFactualKind } from './non-factual-lines.js';

// Clauses end at commas (Latin and Arabic), semicolons, colons and dashes; a phrase that holds a
// comma itself (the rephrase request) is matched whole first.
const CLAUSE_BREAK = /[,\u060C;\u061B:\u2013\u2014]|\s-\s/;

/** What a sentence that states nothing is. */
export interface NonFactualLine {
  /** Its phrases' kinds, or `courtesy` for a courtesy line in the model's own words. */
  readonly kinds: readonly (NonFactualKind | 'courtesy')[];
  /** One of its kinds is harmless only beside a cited sentence ("Sure!", a lead-in). */
  readonly needsAnswer: boolean;
  /** It asks the customer to rephrase. */
  readonly rephrase: boolean;
}

function lineOf(kinds: readonly NonFactualKind[]): NonFactualLine {
  return {
    kinds,
    needsAnswer: kinds.some((kind) => NON_FACTUAL_LINES[kind].needsAnswer),
    rephrase: kinds.some((kind) => NON_FACTUAL_LINES[kind].rephrase),
  };
}

const key = (text: string) => checkWords(text).join(' ');

/**
 * Whether a sentence (already through `normalizeForChecks`) states nothing: the whole sentence, or
 * each of its clauses, is exactly one of the phrases of {@link NON_FACTUAL_LINES}, or it is a
 * courtesy line or a lead-in in the model's own words ({@link isCourtesyWording},
 * {@link isLeadInWording}), needing an answer beside it. Citation markers
 * and punctuation are ignored; any other word makes it a factual sentence. A lead-in must be the
 * last clause and the sentence must end with its colon ("Here is our return policy:"), so that
 * "Here is our return policy: returns are free" is one factual sentence.
 */
export function nonFactualLineOf(sentence: string): NonFactualLine | undefined {
  const text = stripCitations(sentence).trim();
  return (
    ofPhrases(text) ??
    (isCourtesyWording(text) ? COURTESY : isLeadInWording(text) ? LEAD_IN : undefined)
  );
}

// A courtesy line in the model's own words ("Hello and welcome to Qasr Al Waha Fashion!"): as
// harmless as a "Sure!", so only beside a cited sentence.
const COURTESY: NonFactualLine = { kinds: ['courtesy'], needsAnswer: true, rephrase: false };
const LEAD_IN: NonFactualLine = { kinds: ['lead_in'], needsAnswer: true, rephrase: false };

function ofPhrases(text: string): NonFactualLine | undefined {
  const endsWithColon = text.endsWith(':');
  const allowed = (kind: NonFactualKind | undefined, last: boolean): kind is NonFactualKind =>
    kind !== undefined && (!NON_FACTUAL_LINES[kind].endsWithColon || (last && endsWithColon));
  const whole = KIND_OF_LINE.get(key(text));
  if (allowed(whole, true)) return lineOf([whole]);
  const clauses = text
    .split(CLAUSE_BREAK)
    .map(key)
    .filter((words) => words.length > 0);
  if (clauses.length === 0) return undefined;
  const kinds: NonFactualKind[] = [];
  for (const [index, clause] of clauses.entries()) {
    const kind = KIND_OF_LINE.get(clause);
    if (!allowed(kind, index === clauses.length - 1)) return undefined;
    kinds.push(kind);
  }
  return lineOf(kinds);
}
