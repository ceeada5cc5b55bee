import type { QuestionType } from './question-type.js';

const SENTENCE_FLOOR = 0.5;

/** The hand-set weights of answer selection, each with its reason, in one place. */
export const SELECTION_WEIGHTS = {
  /** The sentence-level floor: the share of the question a sentence must answer (0..1). */
  sentenceFloor: SENTENCE_FLOOR,
  /** The most sentences an answer quotes. */
  maxSentences: 3,
  /**
   * What a sentence that answers another question keeps of its score: under the floor however
   * well it covers the question's words (at the floor itself it would still be picked). Every
   * rule that finds such a sentence (another action, only the place, another case, another
   * place) takes it again.
   */
  anotherQuestion: SENTENCE_FLOOR * 0.9,
  /**
   * What a sentence with the question's words but not the kind of fact asked for keeps of its
   * score. A duration, an amount, a count or a place is there or not: "how long" answered without a
   * duration never clears the floor. A procedure, a choice or a yes/no rule is often worded as a
   * plain statement ("cash orders are refunded to the wallet"), so missing the cue costs less.
   */
  wrongKind: {
    duration: 0.4,
    amount: 0.4,
    count: 0.4,
    place: 0.4,
    procedure: 0.75,
    options: 0.75,
    yes_no: 0.75,
    other: 1,
  } satisfies Readonly<Record<QuestionType, number>>,
  /**
   * What a sentence that names the kind of fact without stating it ("never charged" for "what is
   * the fee?") keeps, against one that states it ("costs 10 SAR").
   */
  namedKind: 0.8,
  /** What a question term counts for when only the sentence's chunk title has it. */
  fromTitle: 0.5,
  /**
   * What a term named only in the question's conditions counts for, against one it asks about:
   * "if I return the dress, when is the money back?" asks about the money.
   */
  condition: 0.5,
  /**
   * What a term found only through a synonym counts for, against one found as written: the
   * literal answer wins a tie ("التوصيل" asked, "التوصيل" over "الاستلام").
   */
  synonym: 0.9,
  /**
   * Two sentences whose scores are within this share answer about as well: the one in the
   * customer's language leads.
   */
  sameAnswer: 0.75,
  /**
   * English stems of one word that Porter2 leaves apart ("deliver", "deliveri") share this many
   * letters: such a word is the question's as written, not a synonym.
   */
  sameWordPrefix: 5,
} as const;
