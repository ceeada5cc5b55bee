import { stripCitations } from '../citations/strip-citations.js';
import { checkWords } from '../words/check-words.js';
import { COURTESY_PHRASES } from './courtesy-phrases.js';

// Clauses end at commas (Latin and Arabic), semicolons, colons and dashes; a phrase that holds a
// comma itself (the rephrase request) is matched whole first.
const CLAUSE_BREAK = /[,\u060C;\u061B:\u2013\u2014]|\s-\s/;

const phrases = new Set(COURTESY_PHRASES.map((phrase) => checkWords(phrase).join(' ')));

/**
 * Whether a sentence (already through `normalizeForChecks`) is nothing but courtesy phrases of
 * {@link COURTESY_PHRASES}: the whole sentence, or each of its clauses, is exactly one of them.
 * Citation markers and punctuation are ignored; any other word makes it not courtesy.
 */
export function isCourtesyPhrase(sentence: string): boolean {
  const text = stripCitations(sentence);
  const whole = checkWords(text);
  if (whole.length === 0) return false;
  if (phrases.has(whole.join(' '))) return true;
  const clauses = text
    .split(CLAUSE_BREAK)
    .map((clause) => checkWords(clause))
    .filter((words) => words.length > 0);
  return clauses.every((words) => phrases.has(words.join(' ')));
}
