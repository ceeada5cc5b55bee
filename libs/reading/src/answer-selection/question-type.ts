import { alternatives, alternativesOf, wordList } from '@support/language';
import {
  contentTerms,
  expandEnglishShorthand,
  normalizeArabicDialect,
  normalizeText,
} from '@support/text';
import { CURRENCY_AFTER_NUMBER, CURRENCY_BEFORE_NUMBER } from './currency-words.js';

/** What a question asks for, which decides what a sentence must contain to answer it. */
export type QuestionType =
  'duration' | 'amount' | 'count' | 'place' | 'procedure' | 'options' | 'yes_no' | 'other';

// Checked in this order: "how long does a free return take?" asks for a duration, "is delivery
// free?" and "when is delivery free?" for an amount, "how do I return?" for a procedure. The cues
// are the language packs' (libs/language lang/en and lang/ar questions.yaml), read on folded text
// after dialect words became their standard forms.
const CUES: readonly [Exclude<QuestionType, 'other'>, RegExp][] = (
  [
    ['duration', ['question.duration']],
    // "How much" in so many words, and the other ways of asking a price.
    ['amount', ['question.figure', 'question.amount']],
    // "When" asks for a time unless the question is about a price: "when is delivery free?" asks
    // on what terms, and an amount answers it.
    ['duration', ['question.when']],
    ['count', ['question.count']],
    ['place', ['question.place']],
    ['procedure', ['question.procedure']],
    ['options', ['question.options']],
    ['yes_no', ['question.yes_no']],
  ] as const
).map(([type, lists]) => [type, new RegExp(lists.map((list) => alternatives(list)).join('|'))]);

// A sum of money named in the message ("75 دينار", "30 KWD"), in the cues' folded text: a code or
// a currency's name after the number, a code or its symbol before it.
const NAMED_SUM = new RegExp(
  `\\d[\\d,.]*\\s*(?:${alternativesOf(CURRENCY_AFTER_NUMBER)})(?:\\s|$)|(?:${alternativesOf(CURRENCY_BEFORE_NUMBER)})\\s*\\d`,
);

/**
 * The text the cues read: lowercase, chat shorthand written out, Arabic folded, dialect words as
 * their standard forms, punctuation as spaces.
 */
export function questionText(question: string): string {
  return normalizeText(normalizeArabicDialect(expandEnglishShorthand(question)))
    .replace(/[^\p{L}\p{N}\s']+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a question asks for, in English or Arabic (Gulf, Levantine and Egyptian question words
 * included): a duration ("how long", "متى", "كم يوم"), an amount ("how much", "بكم"), a place
 * ("where", "وين"), a procedure ("how do I", "شلون"), a choice among options ("which", "ما هي
 * طرق"), a yes/no policy ("can I", "هل", "ينفع"); otherwise `other`.
 */
export function detectQuestionType(question: string): QuestionType {
  const text = questionText(question);
  const type = CUES.find(([, cue]) => cue.test(text))?.[0] ?? 'other';
  // "I want a 75 dinar gift card", "can I pay a 4000 riyal order in cash?": a message that names
  // a sum asks whether the sum is within a limit, which only a sentence with an amount settles.
  if ((type === 'other' || type === 'yes_no') && NAMED_SUM.test(text)) return 'amount';
  return type;
}

const ASKS_FIGURE = new RegExp(alternatives('question.figure'));

/** Whether an amount question asks how much in so many words ("how much"), not whether it is free. */
export function asksFigure(question: string): boolean {
  return ASKS_FIGURE.test(questionText(question));
}

// A second question inside the message: "..., and how long does it take?", "؟ و كم ...".
const SECOND_QUESTION = new RegExp(
  `(?:[,;?]\\s*|\\s)(?:${alternatives('question.joiners', { script: 'latin' })})\\s+(?=(?:${alternatives('question.openers', { script: 'latin' })})\\b)|[?؟]\\s+(?=\\S)|(?:\\s|،)(?:${alternatives('question.joiners', { script: 'arabic' })})\\s?(?=(?:${alternatives('question.openers', { script: 'arabic' })})(?:\\s|$))`,
);

/**
 * The parts of a message that asks two things ("Do you ship to Bahrain and how long does it
 * take?"), or the message alone. Never more than two parts.
 */
export function questionParts(question: string): string[] {
  const text = normalizeArabicDialect(question);
  const match = SECOND_QUESTION.exec(text);
  if (match === null) return [question];
  const first = text.slice(0, match.index).trim();
  const second = text.slice(match.index + match[0].length).trim();
  if (!/[\p{L}\p{N}]/u.test(first) || !/[\p{L}\p{N}]/u.test(second)) return [question];
  return [first, second];
}

// The words that say what kind of fact is asked for rather than what about: "how many days",
// "the return window", "what payment methods" (the packs' question.kind_words). The kind check
// stands for them.
const KIND_WORDS: Readonly<Record<QuestionType, readonly string[]>> = {
  duration: wordList('question.kind_words.duration').written,
  amount: wordList('question.kind_words.amount').written,
  count: [],
  place: wordList('question.kind_words.place').written,
  procedure: wordList('question.kind_words.procedure').written,
  options: wordList('question.kind_words.options').written,
  yes_no: [],
  other: [],
};

/** The content terms that name the kind of fact a question of this type asks for. */
export function kindTerms(type: QuestionType): Set<string> {
  return contentTerms(KIND_WORDS[type].join(' '));
}
