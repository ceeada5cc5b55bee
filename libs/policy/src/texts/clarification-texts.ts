import type { LocalisedText } from './localised-text.js';

/**
 * The clarifying question asked instead of a `below_score_floor` handoff when the leading chunks
 * come from a few recognisable sections: fixed words, no facts, the sections' titles as options.
 */
export const CLARIFYING_QUESTION: LocalisedText = {
  en: 'I want to be sure I answer the right question. Which of these is it about?',
  ar: 'أريد أن أتأكد أنني أجيب عن سؤالك الصحيح. أي من هذه المواضيع تقصد؟',
};

/** The last option of every clarifying question: none fits, a colleague takes over. */
export const NONE_OF_THESE: LocalisedText = {
  en: 'None of these: talk to a colleague',
  ar: 'لا شيء مما سبق: أريد التحدث مع زميل',
};
