import type { Language } from '@support/contracts';
import { replyLanguage } from '../language/reply-language.js';
import type { LocalisedText } from './localised-text.js';

/**
 * What a messaging channel (WhatsApp) tells a customer about a message the assistant did not take
 * as it was sent. The customer's message shows as delivered on their phone, so each says what
 * happened and what to do; none of them answers anything.
 */
export const CHANNEL_NOTICES = {
  /** Voice notes, videos, stickers, locations, contacts, documents… */
  unsupported: {
    en: 'I can read text and photos only; please write your question, or send a photo.',
    ar: 'أستطيع قراءة النصوص والصور فقط؛ اكتب سؤالك من فضلك، أو أرسل صورة.',
  },
  photoTooLarge: {
    en: 'That photo is too large for me to read; please send a smaller photo (a screenshot works well).',
    ar: 'هذه الصورة أكبر من أن أقرأها؛ أرسل صورة أصغر من فضلك (لقطة الشاشة تفي بالغرض).',
  },
  photoUnreadable: {
    en: 'I could not open that photo; please send it again as a JPEG or PNG photo.',
    ar: 'لم أتمكن من فتح هذه الصورة؛ أرسلها مرة أخرى بصيغة JPEG أو PNG من فضلك.',
  },
  tooLong: {
    en: 'That message is too long for me to read at once; please send it in shorter parts.',
    ar: 'هذه الرسالة أطول من أن أقرأها دفعة واحدة؛ أرسلها على أجزاء أقصر من فضلك.',
  },
  rateLimited: {
    en: 'You are sending messages faster than I can read them; please wait a minute, then send your last message again.',
    ar: 'ترسل الرسائل أسرع مما أستطيع قراءته؛ انتظر دقيقة من فضلك ثم أعد إرسال رسالتك الأخيرة.',
  },
} as const satisfies Record<string, LocalisedText>;

export type ChannelNotice = keyof typeof CHANNEL_NOTICES;

/** The labels a channel puts around a reply's text: its sources, the options to choose from. */
export const CHANNEL_LABELS = {
  sources: { en: 'Sources:', ar: 'المصادر:' },
  chooseOne: { en: 'Please choose one:', ar: 'اختر واحداً من فضلك:' },
  replyWithNumber: {
    en: 'Reply with the number of your choice.',
    ar: 'أرسل رقم اختيارك.',
  },
} as const satisfies Record<string, LocalisedText>;

/**
 * A notice in the customer's language; both (Arabic first, the shop's customers mostly write it)
 * when nothing they wrote yet tells which.
 */
export function channelNotice(notice: ChannelNotice, language: Language | null): string {
  const text = CHANNEL_NOTICES[notice];
  return language ? text[replyLanguage(language)] : `${text.ar}\n\n${text.en}`;
}
