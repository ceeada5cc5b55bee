import { contentTerms, isPlaceConcept } from '@support/text';
import { FACT_LEXICON, type FactConcept, type FactLexicon, WORD_KIND } from './fact-lexicon.js';

/** What a text says, language-neutrally. */
export interface TextConcepts {
  /** Its fact concepts by id: the lexicon's, and the Gulf places libs/text names. */
  readonly facts: ReadonlyMap<string, FactConcept>;
  /**
   * Its content terms with shop concepts in place of words (libs/text `contentTerms`: "ship" and
   * "توصيل" are both `~deliver`), and the word concepts of shop-words.yaml (`=word.within`), to
   * compare with `sharedTerms`.
   */
  readonly terms: ReadonlySet<string>;
}

// As the places of fact-concepts.yaml: not added, and not all dropped.
const PLACE: Omit<FactConcept, 'id'> = {
  kind: 'place',
  checks: new Set(['stated', 'kept_any']),
  broader: [],
  notUnderNegation: false,
  limit: false,
};

const CURRENCY_NAMED = 'currency.named';
const CURRENCY_KINDS: ReadonlySet<string> = new Set(['currency']);

/**
 * The concepts of a text, in either language: the fact concepts of `lexicon` (the packs, with a
 * knowledge base's glossary if given) and the Gulf places, plus the shop concepts and stems of its
 * other words. An Arabic text and its English translation give the same facts.
 */
export function conceptsOf(text: string, lexicon: FactLexicon = FACT_LEXICON): TextConcepts {
  const facts = new Map<string, FactConcept>();
  const terms = contentTerms(text);
  for (const { concept } of lexicon.mentions(text))
    if (concept.kind === WORD_KIND) terms.add(`=${concept.id}`);
    else facts.set(concept.id, concept);
  // "دينار كويتي" is a currency, not Kuwait.
  const places = facts.has(CURRENCY_NAMED)
    ? contentTerms(withoutConcepts(text, CURRENCY_KINDS, lexicon))
    : terms;
  for (const term of places)
    if (isPlaceConcept(term)) {
      const id = `place.${term.slice(1)}`;
      facts.set(id, { id, ...PLACE });
    }
  return { facts, terms };
}

/**
 * `text` with the words of the fact concepts of the given kinds left out, normalised: "غير
 * مفتوحة" (unopened) is a condition, not a negation of the sentence it sits in.
 */
export function withoutConcepts(
  text: string,
  kinds: ReadonlySet<string>,
  lexicon: FactLexicon = FACT_LEXICON,
): string {
  const { words, mentions } = lexicon.tokensAndMentions(text);
  const masked = new Set<number>();
  for (const mention of mentions)
    if (kinds.has(mention.concept.kind))
      for (let i = mention.start; i < mention.end; i += 1) masked.add(i);
  return words.filter((_, i) => !masked.has(i)).join(' ');
}
