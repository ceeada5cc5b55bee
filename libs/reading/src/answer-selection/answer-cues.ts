import { alternatives, alternativesOf, ARABIC_ARTICLE, pairWords } from '@support/language';
import { normalizeText } from '@support/text';
import { CURRENCY_AFTER_NUMBER, CURRENCY_BEFORE_NUMBER } from './currency-words.js';
import type { QuestionType } from './question-type.js';

// The words are the language packs' (libs/language lang/en and lang/ar answers.yaml, the trade's
// currencies.yaml), folded as normalizeText folds a sentence; the edges of a word are each
// script's: \b for English, a space or the text's end for Arabic.
const en = (list: string) => alternatives(list, { script: 'latin' });
const ar = (list: string) => alternatives(list, { script: 'arabic' });

// The units of time (lang/*/quantities.yaml), without their short forms: "h" would read "5 handbags".
const DURATION_UNITS = pairWords('quantity.duration_units');
const UNITS = alternativesOf(DURATION_UNITS);
const NUMBER_AND_UNIT = new RegExp(
  `\\d\\s*(?:${alternatives('quantity.range_words')})?\\s*\\d*\\s*(?:\\+\\s*)?(?:(?:${alternatives('answer.duration_qualifiers')}) )?(?:${UNITS})`,
);
// A number said in words counts the unit of time beside it ("fourteen days", "a week", "the same
// day", and in Arabic the unit before "one" too); a number word elsewhere in the sentence ("a Click
// & Collect order") counts none.
const LATIN_UNITS = alternativesOf(DURATION_UNITS, { script: 'latin' });
const ARABIC_UNITS = alternativesOf(DURATION_UNITS, { script: 'arabic' });
const NUMBER_WORD_AND_UNIT = new RegExp(
  `\\b(?:${en('answer.number_words')})\\s+(?:(?:${en('answer.duration_qualifiers')})\\s+)?(?:${LATIN_UNITS})\\b|(?:^|\\s)(?:${ar('answer.number_words')})\\s+(?:${ARABIC_UNITS})|(?:${ARABIC_UNITS})\\s+(?:${ar('answer.number_words')})(?:\\s|$)`,
);
// A time of day answers "what time" and "when does it close".
const TIME_OF_DAY = new RegExp(
  `\\d\\s*(?:${en('answer.clock_marks')})\\b|\\b(?:${en('answer.times_of_day')})\\b|\\d\\s*(?:${ar('answer.clock_marks')})|${ar('answer.times_of_day')}`,
);
const DURATION_PHRASE = new RegExp(
  `\\b(?:${en('answer.duration_phrases')})\\b|${ar('answer.duration_phrases')}`,
);
const DURATION_PHRASES = new RegExp(DURATION_PHRASE.source, 'g');

// An amount: a number with a currency or a percent sign after it (a code, a name or another form
// of the name, such as an Arabic plural), a currency code before it. Of the Arabic abbreviations
// (currency.abbreviations), the dotted forms: without its dots an abbreviation is also an
// everyday word.
const CURRENCY_AFTER = alternativesOf([
  '%',
  ...CURRENCY_AFTER_NUMBER,
  ...pairWords('currency.abbreviations').filter((word) => word.includes('.')),
]);
const CURRENCY_BEFORE = alternativesOf(CURRENCY_BEFORE_NUMBER);
const SUM = new RegExp(`\\d(?:[\\d,.]*)\\s*(?:${CURRENCY_AFTER})|(?:${CURRENCY_BEFORE})\\s*\\d`);
const FREE = new RegExp(`\\b(?:${en('answer.free')})\\b|${ar('answer.free')}`);
const FREE_THRESHOLD = new RegExp(
  `\\b(?:${en('answer.free_threshold')})\\b|${ar('answer.free_threshold')}`,
  'g',
);

// A number, in digits (Arabic digits folded) or in words ("fifteen"), answers "how many".
const NUMBER_WORDS = [...pairWords('quantity.number_words'), ...pairWords('quantity.tens')];
const COUNT = new RegExp(
  `\\d|\\b(?:${alternativesOf(NUMBER_WORDS, { script: 'latin' })})\\b|(?:^|\\s)(?:${alternativesOf(NUMBER_WORDS, { script: 'arabic' })})(?:\\s|$)`,
);

const PLACE_NAMED = new RegExp(alternatives('answer.place_named'));
const PLACE_WORD = new RegExp(`\\b(?:${en('answer.place_words')})\\b`, 'i');
const PLACE_WORD_AR = new RegExp(
  `(?:^|\\s)(?:${ARABIC_ARTICLE})?(?:${ar('answer.place_words')})(?:\\s|$)`,
);

const STEP = new RegExp(
  `^(?:(?:${alternatives('answer.procedure_openers')}) )?(?:${en('answer.procedure_verbs')})\\b`,
  'i',
);
const MEANS = new RegExp(`\\b(?:${alternatives('answer.procedure_means')})\\b`, 'i');
const STEP_AR = new RegExp(`(?:^|\\s)(?:${ar('answer.procedure_verbs')})(?:\\s|$)`);

const CHOICE = new RegExp(`\\b(?:${en('answer.options')})\\b`, 'i');
const CHOICE_AR = new RegExp(`(?:^|\\s)(?:${ar('answer.options')})(?:\\s|$)`);

const RULE = new RegExp(`\\b(?:${en('answer.rule_words')})\\b`, 'i');
const RULE_AR = new RegExp(`(?:^|\\s)(?:${ar('answer.rule_words')})(?:\\s|$)`);

const ANSWER_CUES: Readonly<Record<Exclude<QuestionType, 'other'>, (text: string) => boolean>> = {
  duration: (text) =>
    NUMBER_AND_UNIT.test(text) ||
    NUMBER_WORD_AND_UNIT.test(text) ||
    TIME_OF_DAY.test(text) ||
    DURATION_PHRASE.test(text),
  amount: (text) => SUM.test(text) || FREE.test(text.replace(FREE_THRESHOLD, ' ')),
  count: (text) => COUNT.test(text),
  place: (text) =>
    PLACE_NAMED.test(text) || PLACE_WORD.test(text) || PLACE_WORD_AR.test(normalizeText(text)),
  procedure: (text) => STEP.test(text) || MEANS.test(text) || STEP_AR.test(normalizeText(text)),
  options: (text) =>
    (text.match(/[,،]/g) ?? []).length >= 1 ||
    CHOICE.test(text) ||
    CHOICE_AR.test(normalizeText(text)),
  // A yes/no policy question is answered by a rule: a modal, a negation, a limit, or a
  // number (an amount, a duration) that says on what terms.
  yes_no: (text) =>
    ANSWER_CUES.amount(text) ||
    ANSWER_CUES.duration(text) ||
    RULE.test(text) ||
    RULE_AR.test(normalizeText(text)),
};

// Sentences that name an amount without stating one: "you do not pay any fee to return a
// damaged item" still answers "is it free?", less surely than "returns are free".
const NAMES_AMOUNT = new RegExp(
  `\\b(?:${en('answer.names_amount')})\\b|(?:^|\\s)(?:${ar('answer.names_amount')})(?:\\s|$)`,
);

/**
 * The duration phrases a question itself names ("same day" in "until when can I order for
 * same-day delivery?"), folded: what it asks about, so no answer to it by themselves.
 */
export function durationPhrasesOf(question: string): string[] {
  return [...normalizeText(question.normalize('NFKC')).matchAll(DURATION_PHRASES)].map(([phrase]) =>
    phrase.trim(),
  );
}

/**
 * `full` when a sentence states the kind of fact asked for, `named` when it only names it (a fee
 * without a figure), `none` otherwise. `other` takes any sentence. The question's own duration
 * phrases ({@link durationPhrasesOf}) do not count as its answer: "what is the last time to order
 * for next-day delivery?" is not answered by "altered items are never sent next day".
 */
export function answerStrength(
  sentence: string,
  type: QuestionType,
  ownPhrases: readonly string[] = [],
): 'full' | 'named' | 'none' {
  if (type === 'other') return 'full';
  const raw = sentence.normalize('NFKC');
  let text = normalizeText(raw);
  if (type === 'duration') for (const phrase of ownPhrases) text = text.split(phrase).join(' ');
  // Place names are capitalised in English; every other cue reads the lowercase, folded text.
  if (ANSWER_CUES[type](type === 'place' ? raw : text)) return 'full';
  if ((type === 'amount' || type === 'yes_no') && NAMES_AMOUNT.test(text)) return 'named';
  return 'none';
}
