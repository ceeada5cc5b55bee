export { type ArabicFoldOptions, normalizeArabic } from './normalize/normalize-arabic.js';
export { normalizeText } from './normalize/normalize-text.js';
export { normalizeForChecks } from './normalize/normalize-for-checks.js';
export { BIDI_CONTROLS, firstBidiControl, withVisibleBidiControls } from './bidi/bidi-controls.js';
export { detectLanguage, type Language } from './language/detect-language.js';
export { murmur3, murmur3Bytes } from './hash/murmur3.js';
export { type SnowballLanguage, type Stemmer } from './stem/stemmer.js';
export type { SparseEncoder, SparseVector } from './bm25/sparse-vector.js';
export { Bm25Encoder, type Bm25Options } from './bm25/bm25-encoder.js';
export { arabicBm25, englishBm25 } from './bm25/language-encoders.js';
export { contentTerms, lexicalScores, wordTerms } from './lexical/lexical-scores.js';
export { normalizeArabicDialect } from './dialect/arabic-dialect.js';
export {
  conceptWords,
  isPaymentConcept,
  isPlaceConcept,
  termConcept,
} from './synonyms/shop-concepts.js';
export {
  expandQuery,
  type ExpansionOptions,
  type TermPair,
  translateQuery,
} from './synonyms/expand-query.js';
export { sharedTerms } from './lexical/shared-terms.js';
export { expandEnglishShorthand } from './synonyms/english-shorthand.js';
export { questionFocus, type QuestionFocus } from './lexical/question-focus.js';
export {
  conditionOnlyTerms,
  type ConditionOptions,
  type QuestionConditions,
  questionConditions,
} from './lexical/question-conditions.js';
export { GLOSSARY_DOC_ID, GLOSSARY_TOPIC, isGlossaryDocument } from './glossary/glossary-id.js';
export { GLOSSARY_FILE, GlossaryError, parseGlossaryText } from './glossary/parse-glossary.js';
export { clausesOf, isNegated, segmentsOf } from './negation/negation.js';
export { arabicLightStem, arabicVariants } from './stem/arabic-light-stem.js';
export { snowballStemmer } from './stem/stemmer.js';
export { readDataFile } from './packs/read-packs.js';
export { readTextData } from './packs/text-lists.js';
export {
  alternativesOf,
  type AlternativesOptions,
  escapeRegExp,
  type WordList,
  WordLists,
} from './packs/word-lists.js';
