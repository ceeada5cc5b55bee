import type { Language } from '@support/contracts';

/**
 * The fixed texts of the forced escalation. The model never writes or sees them: the customer gets
 * exactly these words when a check routes the turn to a human.
 */
export const ABSTENTION: Readonly<Record<'en' | 'ar', string>> = {
  en: "I'm not able to answer that with certainty, so I've passed your question to a colleague, who will reply here shortly.",
  ar: 'لا أستطيع الإجابة عن هذا بشكل مؤكد، لذلك أحلت سؤالك إلى أحد زملائي وسيرد عليك هنا قريباً.',
};

/** Sent while a human has the conversation and the customer writes again. */
export const HOLDING: Readonly<Record<'en' | 'ar', string>> = {
  en: 'Thank you, a colleague has your conversation and will reply here shortly.',
  ar: 'شكراً لك، أحد زملائي يتابع محادثتك وسيرد عليك هنا قريباً.',
};

/** Mixed-language customers get the Arabic text: it is what they wrote most of. */
export function textFor(texts: Readonly<Record<'en' | 'ar', string>>, language: Language): string {
  return language === 'en' ? texts.en : texts.ar;
}
