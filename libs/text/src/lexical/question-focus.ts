import { textLists } from '../packs/text-lists.js';
import { contentTerms } from './lexical-scores.js';

/** A message split into what it asks and what it tells around that. */
export interface QuestionFocus {
  /** The sentences that ask (end in ? or ؟), or the whole message when none or all do. */
  readonly focus: string;
  /** The other sentences: "the abaya arrived on Sunday", "I used Benefit Pay". */
  readonly context: string;
}

const SENTENCE_BREAK = /(?<=[.!?؟])\s+|\n+/;
const ASKS = /[?؟]\s*$/;
// The last sentence of a message asks when it opens as a question, question mark or not: "is COD
// ok? is there a minimum for it" asks two things. Words as typed
// (`lang/*/questions.yaml`); a pronoun suffix points back by its shape.
const OPENS_AS_QUESTION = new RegExp(
  `^(?:${textLists.written('question_openers', 'latin').join('|')})\\b|^(?:${textLists
    .written('question_openers', 'arabic')
    .join('|')})(?=\\s|$)`,
  'i',
);
const POINTS_BACK = new RegExp(
  `\\b(?:${textLists.written('pointing_back', 'latin').join('|')})\\b|(?:^|\\s)(?:${textLists
    .written('pointing_back', 'arabic')
    .join('|')})(?=\\s|$|[?؟])|[\\u0621-\\u064A]{2,}(?:ه|ها|هم)(?=\\s|$|[?؟])`,
  'i',
);

/**
 * What a message asks, apart from the story around it: in "how long is the exchange period? the
 * abaya arrived on sunday" the question is the first sentence; a policy sentence that lacks
 * "abaya" and "Sunday" still answers it. A question with no content word of its own ("what
 * should I do?"), or a short one that points back at the story ("is that ok?", "would that be
 * possible?"), is about its context, so the whole message is the focus.
 */
export function questionFocus(message: string): QuestionFocus {
  const sentences = message
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const asks = (sentence: string, index: number) =>
    ASKS.test(sentence) || (index === sentences.length - 1 && OPENS_AS_QUESTION.test(sentence));
  const asking = sentences.filter(asks);
  if (asking.length === 0 || asking.length === sentences.length)
    return { focus: message, context: '' };
  const focus = asking.join(' ');
  const named = contentTerms(focus).size;
  // "Is that ok?", "would that still be possible?": a short question that points back at what
  // the message told is about that.
  if (named === 0 || (named <= 2 && POINTS_BACK.test(focus)))
    return { focus: message, context: '' };
  return { focus, context: sentences.filter((sentence, i) => !asks(sentence, i)).join(' ') };
}
