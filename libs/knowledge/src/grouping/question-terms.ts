import { contentTerms, normalizeText, sharedTerms, type TermPair } from '@support/text';

/**
 * The terms a question is compared by: its content terms (`contentTerms` already makes a shop
 * concept one term in English and Arabic), with each glossary pair the question names replaced by
 * one term of that pair, so "delivery to Bahrain" and "التوصيل إلى البحرين" share the place too.
 */
export function questionTerms(question: string, glossary: readonly TermPair[]): Set<string> {
  const terms = contentTerms(question);
  glossary.forEach((pair, index) => {
    for (const phrase of [...pair.en, ...pair.ar]) {
      const phraseTerms = contentTerms(phrase);
      if (phraseTerms.size === 0) continue;
      const held = sharedTerms(phraseTerms, terms);
      if (held.size !== phraseTerms.size) continue;
      for (const term of phraseTerms) terms.delete(term);
      // An Arabic form the question spells differently than the glossary: drop that form too.
      for (const term of [...terms])
        if (sharedTerms([term], phraseTerms).size > 0) terms.delete(term);
      terms.add(`glossary#${index}`);
    }
  });
  return terms;
}

/**
 * How alike two questions are, 0..1: the Dice coefficient of their terms (shared terms, Arabic
 * forms of one word counted as shared, over their average count). Two questions with no content
 * terms at all ("??") are alike only when they read the same.
 */
export function termSimilarity(
  a: { terms: ReadonlySet<string>; text: string },
  b: { terms: ReadonlySet<string>; text: string },
): number {
  if (a.terms.size === 0 || b.terms.size === 0)
    return a.terms.size === b.terms.size && sameText(a.text, b.text) ? 1 : 0;
  const shared = Math.min(sharedTerms(a.terms, b.terms).size, sharedTerms(b.terms, a.terms).size);
  return (2 * shared) / (a.terms.size + b.terms.size);
}

function sameText(a: string, b: string): boolean {
  const plain = (text: string) => normalizeText(text).replace(/\s+/g, ' ').trim();
  return plain(a) === plain(b);
}
