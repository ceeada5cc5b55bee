export { citationMarkers, idsInMarker } from './citations/citation-marker.js';
export { stripCitations } from './citations/strip-citations.js';
export { canonicalCitations } from './citations/canonical-citations.js';
export {
  NON_FACTUAL_LINES,
  type NonFactualKind,
  type NonFactualKindData,
} from './non-factual/non-factual-lines.js';
export { foreignHosts } from './safety/foreign-links.js';
export { splitSentences } from './sentences/split-sentences.js';
export { type LexicalSupport, MIN_SUPPORTED_SHARE } from './support/lexical-support.js';
export { type NegationMismatch } from './support/negation-support.js';
export type { Quantity, QuantityKind, DurationUnit, CurrencyCode } from './quantities/quantity.js';
export { extractQuantities } from './quantities/extract-quantities.js';
export {
  type PromptChunk,
  type SentenceVerdict,
  type ValidationVerdict,
} from './validation/verdict.js';
export {
  asksToRephrase,
  checkReply,
  validateReply,
  type ValidateReplyOptions,
} from './validation/validate-reply.js';
export {
  type CheckedReply,
  judgedSupport,
  type SupportQuestion,
  supportQuestions,
} from './validation/support-questions.js';
export { isPublicSuffix, publicSuffixProblem } from './safety/public-suffix.js';
export {
  READER_REQUEST_RULES,
  type ReaderRequest,
  type ReaderRequestRule,
  readerRequestsIn,
} from './safety/reader-requests.js';
