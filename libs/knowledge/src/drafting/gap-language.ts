import type { DocLanguage, Language } from '@support/contracts';
import { replyLanguage } from '@support/policy';

/**
 * The language an article for these questions is written in: the language most of them were asked
 * in, a mixed question counting as Arabic (the language its asker is answered in); on a tie, the
 * language of the earliest question.
 */
export function majorityLanguage(languages: readonly Language[]): DocLanguage {
  const asDoc = languages.map(docLanguageOf);
  const arabic = asDoc.filter((language) => language === 'ar').length;
  const english = asDoc.length - arabic;
  if (arabic !== english) return arabic > english ? 'ar' : 'en';
  return asDoc[0] ?? 'en';
}

/** The language of one question as an article would be: the one its asker is answered in. */
export function docLanguageOf(language: Language): DocLanguage {
  return replyLanguage(language);
}
