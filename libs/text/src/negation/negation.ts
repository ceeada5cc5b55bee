import { normalizeText } from '../normalize/normalize-text.js';
import { textLists } from '../packs/text-lists.js';

const fold = (word: string) => normalizeText(word);

// The words and wordings of `lang/*/negation.yaml`, each list with its reason.
const NEGATION_WORDS = new Set(textLists.written('negation_words').map(fold));
const CONTRACTED = /^[a-z]+n['\u2019]t$/;
const ARABIC_CONJUNCTION = /^[وف](?=\p{Script=Arabic}{2})/u;

const arabicAlternatives = (name: string) => textLists.written(name).map(fold).join('|');

/** Wordings that hold a negation word but state a bound or a positive claim ("no later than"). */
const NOT_A_NEGATION: readonly RegExp[] = [
  ...textLists.wordList('not_a_negation').patterns.map((pattern) => new RegExp(pattern, 'g')),
  new RegExp(`(?:^|\\s)(?:${arabicAlternatives('negation_idioms')})(?=\\s|$)`, 'gu'),
  new RegExp(`(?:^|\\s)[وف]?(?:لا|ما) ?(?:${arabicAlternatives('bound_verbs')})(?=\\s|$)`, 'gu'),
];

/** Before "ما", these make it "what" / "whatever" (حسب ما، كل ما، بعد ما), not "not". */
const RELATIVE_MA_AFTER = new Set(textLists.written('relative_ma_after').map(fold));
/** After "ما", these make it a question or a relative ("ما هي"، "ما الذي"، "ما الرسوم"). */
const RELATIVE_MA_BEFORE = new Set(textLists.written('relative_ma_before').map(fold));
const MA = fold('ما');

const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}]+)*/gu;

function isNegationWord(word: string, previous: string | undefined, next: string | undefined) {
  if (NEGATION_WORDS.has(word) || CONTRACTED.test(word)) return true;
  const bare = word.replace(ARABIC_CONJUNCTION, '');
  if (bare !== word && NEGATION_WORDS.has(bare)) return true;
  if (bare !== MA) return false;
  // Dialect and MSA "ما" negates a verb ("ما نقدر"، "ما قمنا"); it is also "what", which reads
  // the same. Only the contexts that make it "what" are ruled out.
  if (next === undefined) return false;
  if (previous !== undefined && RELATIVE_MA_AFTER.has(previous)) return false;
  return !RELATIVE_MA_BEFORE.has(next) && !next.startsWith('ال');
}

/**
 * Whether a clause says "not": one of the negation words (not, no, never, cannot, any "-n't",
 * "non-", لا، لم، لن، ليس، غير، عدم، and the dialects' مش، مو، مب، ما، ما في، ماكو), outside
 * the wordings of {@link NOT_A_NEGATION}. Presence, not parity: a double negation is still read
 * as negated, so the check can only err towards refusing.
 */
export function isNegated(clause: string): boolean {
  let text = normalizeText(clause);
  for (const idiom of NOT_A_NEGATION) text = text.replace(idiom, ' ');
  const words = [...text.matchAll(WORD)].map(([word]) => word);
  return words.some((word, i) => isNegationWord(word, words[i - 1], words[i + 1]));
}

const CONTRAST = new RegExp(
  [
    '[;؛]',
    `\\b(?:${textLists.written('contrast_words', 'latin').join('|')})\\b`,
    `(?:^|\\s)(?:${textLists.written('contrast_words', 'arabic').map(fold).join('|')})(?=\\s|$)`,
  ].join('|'),
  'giu',
);

/**
 * A sentence cut where a contrast starts ("returns are free, but sale items cannot be returned"):
 * each side has its own polarity. Commas do not cut: "Sale items, unfortunately, cannot be
 * returned" is one claim ({@link segmentsOf} cuts there).
 */
export function clausesOf(sentence: string): string[] {
  return normalizeText(sentence)
    .split(CONTRAST)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** A clause cut at commas and colons: the pieces a quoted part of a long sentence is made of. */
export function segmentsOf(clause: string): string[] {
  return clause
    .split(/[,،:]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment.length > 0);
}
