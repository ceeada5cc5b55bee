import type { Language } from '@support/contracts';
import { availabilityText, type SupportAvailability } from '../support-hours/support-hours.js';

/**
 * The fixed texts of the forced escalation. The model never writes or sees them: the customer gets
 * exactly these words (and when to expect a colleague) when a check routes the turn to a human.
 */
export const ABSTENTION: Readonly<Record<'en' | 'ar', string>> = {
  en: "I'm not able to answer that with certainty, so I've passed your question to a colleague, who will reply here.",
  ar: 'لا أستطيع الإجابة عن هذا بشكل مؤكد، لذلك أحلت سؤالك إلى أحد زملائي وسيرد عليك هنا.',
};

/** The customer asked for a person (or the model handed over): say that one is being fetched. */
export const HANDOFF_REQUESTED: Readonly<Record<'en' | 'ar', string>> = {
  en: "I'm getting a colleague from our team for you; they will reply here.",
  ar: 'أستدعي لك أحد زملائي من فريقنا، وسيرد عليك هنا.',
};

/** Sent while the conversation waits for a colleague and the customer writes again. */
export const HOLDING: Readonly<Record<'en' | 'ar', string>> = {
  en: "Thank you, I've added this to your request; a colleague will reply here.",
  ar: 'شكراً لك، أضفت رسالتك إلى طلب المساعدة، وسيرد عليك أحد زملائي هنا.',
};

/** Mixed-language customers get the Arabic text: it is what they wrote most of. */
export function textFor(texts: Readonly<Record<'en' | 'ar', string>>, language: Language): string {
  return language === 'en' ? texts.en : texts.ar;
}

/** A fixed text followed by when a colleague can be expected (support hours), in one language. */
export function waitingText(
  texts: Readonly<Record<'en' | 'ar', string>>,
  language: Language,
  availability: SupportAvailability,
): string {
  const lang = language === 'en' ? 'en' : 'ar';
  return `${texts[lang]} ${availabilityText(availability, lang)}`;
}
