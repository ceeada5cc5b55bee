export { normalise } from './text/normalise.js';
export { type Token, type TokenLanguage, tokens } from './text/tokens.js';
export { stem } from './text/stem.js';
export {
  ARABIC_ARTICLE,
  CLITIC_PREFIXES,
  ARABIC_CONJUNCTION_CLITICS,
  isFunctionWord,
  standardPassive,
  withoutClitics,
} from './text/arabic-forms.js';
export { stanceForm, stanceWordsOf } from './text/stance-words.js';
export { introducesName } from './text/name-nouns.js';
export {
  alternatives,
  alternativesOf,
  type AlternativesOptions,
  escapeRegExp,
  pairKeys,
  pairWords,
  type WordList,
  wordList,
  words,
  wordSet,
} from './text/word-lists.js';
export {
  FACT_LEXICON,
  type FactCheck,
  type FactConcept,
  FactLexicon,
  WORD_KIND,
  type FactMention,
  type GlossaryPair,
} from './lexicon/fact-lexicon.js';
export { conceptsOf, type TextConcepts, withoutConcepts } from './lexicon/text-concepts.js';
