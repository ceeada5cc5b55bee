import type { Language } from '@support/contracts';

/** The languages the assistant replies in: a reply is written in one of them, never mixed. */
export type ReplyLanguage = 'en' | 'ar';

/**
 * The language a customer writing in `customer` is answered in (fixed texts, extractive answers,
 * order replies) and the language an article drafted for their questions is written in.
 *
 * A customer who mixes Arabic and English is answered in Arabic. `detectLanguage` calls a text
 * mixed as soon as it holds an Arabic word, so a mixed message is typically Arabic with English
 * product names or terms: Arabic is what they wrote most of, and a customer who chose to write
 * Arabic at all reads it, while one who mixes may not read an English reply well.
 */
export function replyLanguage(customer: Language): ReplyLanguage {
  return customer === 'en' ? 'en' : 'ar';
}
