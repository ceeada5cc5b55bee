import { extractQuantities, type Quantity } from '@support/citations';
import { alternatives, conceptsOf, wordSet } from '@support/language';
import { contentTerms, normalizeText, questionConditions } from '@support/text';

// A number written with its separators ("1,500", "2.5", Arabic digits folded by normalizeText).
const NUMBER = /\d+(?:[.,٫]\d+)*/g;

// Words after which a number is a threshold: the rule holds on one side of it ("orders confirmed
// before 4 PM", "free for orders over 25 BHD", "قبل الساعة 12"); an hour word may sit between
// ("before the", "قبل الساعه"). The packs' answer.threshold_words, folded as normalizeText leaves
// a sentence.
const THRESHOLD = new RegExp(
  `(?:\\b(?:${alternatives('answer.threshold_words', { script: 'latin' })})|(?:^|\\s)(?:${alternatives('answer.threshold_words', { script: 'arabic' })}))\\s+(?:(?:${alternatives('answer.threshold_fillers')})\\s+)?(${NUMBER.source})`,
  'g',
);
/** A threshold word of the packs standing alone in folded text ("before", "up to"). */
export const THRESHOLD_WORD = `(?:^|\\s)(?:${alternatives('answer.threshold_words')})(?=\\s|$)`;

const valueOf = (written: string) => Number(written.replace(/[,٫]/g, ''));

/** The numbers the question's conditions state: "9" of "If I order at 9 pm, when…". */
export function statedCaseValues(question: string): Set<number> {
  const conditions = normalizeText(questionConditions(question).conditions.join(' '));
  return new Set([...conditions.matchAll(NUMBER)].map((match) => valueOf(match[0])));
}

/** The thresholds a sentence's rule holds on one side of: 16 and 4 of "before 4 PM" → [4]. */
export function thresholdValues(sentence: string): number[] {
  return [...normalizeText(sentence).matchAll(THRESHOLD)].map((match) => valueOf(match[1]!));
}

/**
 * Whether a sentence's rule is written for another case than the one the customer states: the
 * customer orders "at 9", the rule says what happens "before 4 PM". Which side of the threshold the
 * customer is on takes a comparison of two readings the extractive default does not make (is "6 in
 * the evening" after 4 PM?), so the sentence's outcome is not theirs to be told. A threshold equal
 * to a number they state is their case ("after 2 PM" asked, "before 2 PM" answered).
 */
export function isAnotherCase(statedValues: ReadonlySet<number>, sentence: string): boolean {
  if (statedValues.size === 0) return false;
  const thresholds = thresholdValues(sentence);
  return thresholds.length > 0 && !thresholds.some((value) => statedValues.has(value));
}

/**
 * A number the customer states about their own case: the sum of their order ("my order is 120
 * KD"), a time of day ("at 4", question.clock_hour_words), or a count of something they name after
 * it ("800 points", "163 cm"). An answer for them must say where that number stands.
 */
export interface StatedNumber {
  readonly value: number;
  readonly kind: 'price' | 'clock' | 'count';
  /** What a count counts: the content terms of the two words after it ("points", "cm"). */
  readonly counted?: ReadonlySet<string>;
}

// An order or phone number is a reference, not a case ("order 10045", "+965 2220 4518").
const LARGEST_CASE_NUMBER = 99_999;
const CLOCK_HOUR_WORDS = wordSet('question.clock_hour_words');
// A number, and the two words written after it (attached or not: "163cm", "6 monthly payments").
const NUMBER_AND_WORD = new RegExp(`(${NUMBER.source})\\s*(\\p{L}+(?:\\s+\\p{L}+)?)?`, 'gu');

/** The numbers a message states about the customer's case ({@link StatedNumber}). */
export function statedNumbers(message: string): StatedNumber[] {
  const quantities = extractQuantities(message);
  const stated: StatedNumber[] = quantities
    .filter((q) => q.value <= LARGEST_CASE_NUMBER && (q.kind === 'price' || q.clock))
    .map((q) => ({ value: q.value, kind: q.clock ? 'clock' : 'price' }));
  // The digits the reader gave a unit: a sum or an hour ("2" of "2 in the afternoon", 14), or
  // a duration or a share, which say when or how much of the story, not a case a limit is set on.
  const typed = new Set(
    quantities
      .filter((q) => q.kind !== 'number' || q.clock)
      .flatMap((q) => q.text.match(NUMBER) ?? []),
  );
  const text = normalizeText(message);
  for (const match of text.matchAll(NUMBER_AND_WORD)) {
    const value = valueOf(match[1]!);
    if (typed.has(match[1]!) || value > LARGEST_CASE_NUMBER) continue;
    const before = text.slice(0, match.index).trim().split(/\s+/).pop() ?? '';
    if (CLOCK_HOUR_WORDS.has(before)) {
      stated.push({ value, kind: 'clock' });
      continue;
    }
    const counted = contentTerms(match[2] ?? '');
    if (counted.size > 0) stated.push({ value, kind: 'count', counted });
  }
  return stated;
}

// What makes the value after it a bound the customer can place their number against: a threshold
// word of the answer packs ("over", "up to", "from") or a fact concept marked `limit` ("minimum",
// "at most"), a few words before it ("up to AED 1,500").
const STANDS_AT_THRESHOLD = new RegExp(THRESHOLD_WORD);
const BOUND_REACH = 4;

function isBound(text: string, quantity: Quantity): boolean {
  const at = text.indexOf(quantity.text);
  if (at < 0) return false;
  const before = text.slice(0, at).trim().split(/\s+/).slice(-BOUND_REACH).join(' ');
  return (
    STANDS_AT_THRESHOLD.test(before) ||
    [...conceptsOf(before).facts.values()].some((fact) => fact.limit)
  );
}

/** What {@link leavesStatedCaseOpen} reads of a sentence: read once, however many parts ask. */
export interface SentenceValues {
  readonly quantities: readonly Quantity[];
  readonly terms: ReadonlySet<string>;
  /** The sentence folded, where a value's bound is looked for. */
  readonly text: string;
}

export function sentenceValues(sentence: string): SentenceValues {
  return {
    quantities: extractQuantities(sentence),
    terms: contentTerms(sentence),
    text: normalizeText(sentence),
  };
}

/**
 * Whether a sentence leaves a number the customer stated about their case open: it gives one
 * value of that kind (a flat fee, a rate) that is neither the customer's number nor a bound they
 * can compare theirs with. "Can I pay cash? my order is 120 KD" is not answered by "cash on
 * delivery costs 0.500 KD": whether 120 KD may be paid in cash is the question. A bound ("up to KWD
 * 100", "from 200 SAR"), a range or a list of values of that kind ("10, 25, 50 and 100 KD") lets
 * the customer place their number; the same number answers them. A sentence with no value of
 * that kind says nothing of it.
 */
export function leavesStatedCaseOpen(
  stated: readonly StatedNumber[],
  sentence: string | SentenceValues,
  asksWorthOf?: ReadonlySet<string>,
): boolean {
  if (stated.length === 0) return false;
  const { quantities, terms, text } =
    typeof sentence === 'string' ? sentenceValues(sentence) : sentence;
  return stated.some((number) => {
    const sameKind = quantities.filter((q) =>
      number.kind === 'price'
        ? q.kind === 'price'
        : number.kind === 'clock'
          ? q.clock === true
          : q.kind === 'number' && !q.clock && [...number.counted!].some((term) => terms.has(term)),
    );
    // A count of the same thing is the rule's own number ("4 payments" for "6 monthly payments?"),
    // except when the amount asked is what the counted things are worth (`asksWorthOf`: the terms
    // of an amount question): "500 points are worth 1 OMR" is a rate, and "what are my 2,500
    // points worth?" asks for a product the extractive default does not compute.
    if (number.kind === 'count')
      return (
        sameKind.length === 0 ||
        (asksWorthOf !== undefined &&
          [...number.counted!].some((term) => asksWorthOf.has(term)) &&
          quantities.some((q) => q.kind === 'price') &&
          !sameKind.some((q) => q.value === number.value))
      );
    if (sameKind.length >= 2 || sameKind.some((q) => q.value === number.value)) return false;
    return !sameKind.some((q) => isBound(text, q));
  });
}
