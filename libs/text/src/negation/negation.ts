import { normalizeText } from '../normalize/normalize-text.js';

const fold = (word: string) => normalizeText(word);

/** Words that turn a clause into its opposite, English and Arabic (MSA and dialects). */
const NEGATION_WORDS = new Set(
  [
    'not',
    'no',
    'never',
    'cannot',
    'nor',
    'neither',
    'none',
    'nothing',
    // "non-refundable" is written as two words once split at the hyphen.
    'non',
    'لا',
    'لم',
    'لن',
    'ليس',
    'ليست',
    'ليسوا',
    'لست',
    'غير',
    'عدم',
    'مش',
    'مو',
    'مب',
    'مافي',
    'مافيه',
    'ماكو',
  ].map(fold),
);
const CONTRACTED = /^[a-z]+n['\u2019]t$/;
const ARABIC_CONJUNCTION = /^[وف](?=\p{Script=Arabic}{2})/u;

/**
 * Wordings that contain a negation word but state a bound or a positive claim: "no later than
 * 5 December" is "by 5 December", "لا تتجاوز 14 يوماً" is "at most 14 days", "لا بد" is "must",
 * "ما زال" is "still", "ما لم" is "unless". A faithful paraphrase drops the "no"; it must not read
 * as a twist.
 */
const NOT_A_NEGATION: readonly RegExp[] = [
  /\b(?:no|not) (?:later|more|less|fewer|earlier|longer|sooner|greater) than\b/g,
  /\bnot only\b/g,
  /\b(?:at )?no (?:extra |additional )?(?:cost|charge|fee)s?\b/g,
  /\bno matter\b/g,
  /\bwhether or not\b/g,
  new RegExp(
    `(?:^|\\s)(?:${['لا بد', 'لابد', 'لا سيما', 'ما لم'].map(fold).join('|')})(?=\\s|$)`,
    'gu',
  ),
  new RegExp(
    `(?:^|\\s)[وف]?(?:لا|ما) ?(?:${['يتجاوز', 'تتجاوز', 'يزيد', 'تزيد', 'يقل', 'تقل', 'يتعدى', 'تتعدى', 'زال', 'زالت', 'يزال', 'تزال', 'دام', 'دامت'].map(fold).join('|')})(?=\\s|$)`,
    'gu',
  ),
];

/** Before "ما", these make it "what" / "whatever" (حسب ما، كل ما، بعد ما), not "not". */
const RELATIVE_MA_AFTER = new Set(
  ['حسب', 'كل', 'بعد', 'قبل', 'عند', 'مع', 'على', 'إلى', 'في', 'من', 'عن', 'بين', 'مثل', 'كما'].map(
    fold,
  ),
);
/** After "ما", these make it a question or a relative ("ما هي"، "ما الذي"، "ما الرسوم"). */
const RELATIVE_MA_BEFORE = new Set(['هو', 'هي', 'هم', 'هن', 'الذي', 'التي', 'إذا'].map(fold));
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
    '\\b(?:but|however|whereas|while|although|though|except|unless)\\b',
    `(?:^|\\s)(?:${['لكن', 'ولكن', 'بينما', 'إلا أن', 'باستثناء'].map(fold).join('|')})(?=\\s|$)`,
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
