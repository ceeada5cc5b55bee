/**
 * Reading a customer's message and the knowledge base's sentences, by the rules of the language
 * packs: what a message asks (its question type, an order it is about, a request for a human) and
 * which sentences of the retrieved chunks answer it. The embedded responder answers with them,
 * retrieval's sentence gate scores with them, and the agent reads every message with them, whatever
 * model writes the reply.
 */
export {
  type AnswerSelection,
  type ScoredSentence,
  SENTENCE_MIN_SCORE,
  selectAnswer,
  type SelectionOptions,
} from './answer-selection/select-answer.js';
export { answerText } from './answer-selection/answer-text.js';
export { type QuestionType } from './answer-selection/question-type.js';
export { asksForHuman } from './human-request.js';
export { type Answer, answerOf } from './order-intents/confirmation.js';
export {
  detectOrderIntent,
  orderIdIn,
  type OrderIntent,
  type OrderIntentKind,
  orderIntentKindOf,
} from './order-intents/detect-order-intent.js';
export { splitSentences } from './sentences.js';
