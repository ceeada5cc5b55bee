import { normalizeArabicDialect } from '../dialect/arabic-dialect.js';
import { detectLanguage } from '../language/detect-language.js';
import { normalizeText } from '../normalize/normalize-text.js';
import { contentTerms } from '../lexical/lexical-scores.js';
import { conceptWords } from './shop-concepts.js';

/** One glossary entry: the same term in English and in Arabic (each side one or more spellings). */
export interface TermPair {
  readonly en: readonly string[];
  readonly ar: readonly string[];
}

export interface ExpansionOptions {
  /**
   * `own`: only words in the query's own language(s) (synonyms, standard Arabic for dialect);
   * `both`: the other language's words too (shop concepts and the glossary's other side).
   */
  readonly reach: 'own' | 'both';
}

const ARABIC = /[\u0600-\u06FF]/;

/**
 * The query with what the knowledge base may call the same things, for the search legs (never
 * shown, never scored against): the standard Arabic for dialect words, the words of each shop
 * concept the query names ("ship" brings "delivery"), and with `reach: 'both'` the other
 * language's words of those concepts and the other side of each glossary pair the query contains
 * ("Bahrain" brings "البحرين"), so a question in one language reaches documents in the other.
 * The query itself comes first, unchanged.
 */
export function expandQuery(
  query: string,
  glossary: readonly TermPair[] = [],
  options: ExpansionOptions = { reach: 'both' },
): string {
  const terms = contentTerms(query);
  // The query's language as routing reads it: a few Latin letters ("2 PM") leave it Arabic.
  const language = detectLanguage(query);
  const keep = (word: string) =>
    options.reach === 'both' || language === 'mixed' || ARABIC.test(word) === (language === 'ar');
  const added = new Set<string>();
  const standard = normalizeArabicDialect(query);
  if (standard !== query) added.add(standard.replace(/[^\u0600-\u06FF\s]+/g, ' ').trim());
  for (const term of terms) {
    const words = conceptWords(term);
    for (const word of [...words.en, ...words.ar]) if (keep(word)) added.add(word);
  }
  const has = (phrase: string) => {
    const phraseTerms = contentTerms(phrase);
    return phraseTerms.size > 0 && [...phraseTerms].every((term) => terms.has(term));
  };
  for (const pair of glossary) {
    if (pair.en.some(has) || pair.ar.some(has))
      for (const phrase of [...pair.en, ...pair.ar]) if (keep(phrase)) added.add(phrase);
  }
  added.delete('');
  return added.size === 0 ? query : `${query}\n${[...added].join(' ')}`;
}

/**
 * The query with each glossary term it contains replaced by the term in the other language
 * ("Bahrain" → "البحرين"), for scoring chunks of the other language against it. Matching is on
 * the normalised text (case, Arabic spelling variants), whole words only.
 */
export function translateQuery(query: string, glossary: readonly TermPair[] = []): string {
  const fromArabic = detectLanguage(query) === 'ar';
  let text = normalizeText(query);
  for (const pair of glossary) {
    const target = fromArabic
      ? { from: pair.ar, to: pair.en[0] }
      : { from: pair.en, to: pair.ar[0] };
    for (const phrase of target.from) {
      const escaped = normalizeText(phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      text = text.replace(
        new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'),
        target.to!,
      );
    }
  }
  return text;
}
