import { stripCitations, type ValidationVerdict } from '@support/citations';
import type { Language } from '@support/contracts';
import { detectLanguage } from '@support/text';

export const WRONG_LANGUAGE = 'wrong_language';

/**
 * Fails the sentences written wholly in the other language than the customer's (an English
 * question answered in Arabic, or the reverse); a customer who mixes languages may get either.
 * A correctly cited sentence the customer cannot read is still not an answer, except when the
 * knowledge base has the answer only in the other language: when every chunk in the prompt is
 * in that language (retrieval's cross-language search), a quote from them beats no answer.
 */
export function checkReplyLanguage(
  verdict: ValidationVerdict,
  customerLanguage: Language,
  promptLanguages: readonly string[] = [],
): ValidationVerdict {
  if (customerLanguage === 'mixed') return verdict;
  const otherLanguage = customerLanguage === 'en' ? 'ar' : 'en';
  if (promptLanguages.length > 0 && promptLanguages.every((lang) => lang === otherLanguage))
    return verdict;
  const sentences = verdict.sentences.map((sentence) => {
    const written = detectLanguage(stripCitations(sentence.text));
    if (!sentence.ok || written === 'mixed' || written === customerLanguage) return sentence;
    return { ...sentence, ok: false, problem: `${WRONG_LANGUAGE}: ${written}` };
  });
  return { passed: sentences.length > 0 && sentences.every((s) => s.ok), sentences };
}
