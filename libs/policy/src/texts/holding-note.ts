import type { LocalisedText } from './localised-text.js';

/** Sent while the conversation waits for a colleague and the customer writes again. */
export const HOLDING: LocalisedText = {
  en: "Thank you, I've added this to your request; a colleague will reply here.",
  ar: 'شكراً لك، أضفت رسالتك إلى طلب المساعدة، وسيرد عليك أحد زملائي هنا.',
};
