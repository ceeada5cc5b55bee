import type { DocLanguage, Language } from '@support/contracts';

/**
 * The language an article for these questions is written in: the language most of them were asked
 * in, a mixed question counting as Arabic (as answer selection prefers Arabic sentences for a
 * customer who mixes); on a tie, the language of the earliest question.
 */
export function majorityLanguage(languages: readonly Language[]): DocLanguage {
  const asDoc = languages.map((language): DocLanguage => (language === 'en' ? 'en' : 'ar'));
  const arabic = asDoc.filter((language) => language === 'ar').length;
  const english = asDoc.length - arabic;
  if (arabic !== english) return arabic > english ? 'ar' : 'en';
  return asDoc[0] ?? 'en';
}

/** The language of one question as an article would be: mixed counts as Arabic. */
export function docLanguageOf(language: Language): DocLanguage {
  return language === 'en' ? 'en' : 'ar';
}
