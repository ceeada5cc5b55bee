export * from './citations/extract-citations.js';
export * from './citations/strip-citations.js';
export * from './sentences/split-sentences.js';
export * from './sentences/abbreviations.js';
export * from './courtesy/is-courtesy-phrase.js';
export * from './courtesy/courtesy-phrases.js';
export * from './safety/requests-secret.js';
export { foreignHosts, normalizeLinkHosts } from './safety/foreign-links.js';
export * from './support/lexical-support.js';
export { supportTerms } from './support/support-terms.js';
export { negationMismatch, type NegationMismatch } from './support/negation-support.js';
export { isNegated } from './support/negation.js';
export type { Quantity, QuantityKind, DurationUnit, CurrencyCode } from './quantities/quantity.js';
export * from './quantities/extract-quantities.js';
export { sameQuantity } from './quantities/same-quantity.js';
export {
  ENGLISH_NUMBER_WORDS,
  ARABIC_NUMBER_WORDS,
  ARABIC_TENS_WORDS,
  ARABIC_DUALS,
} from './quantities/number-words.js';
export * from './validation/verdict.js';
export * from './validation/validate-reply.js';
export { CONFIDENTIAL_RUN_WORDS } from './validation/confidential.js';
