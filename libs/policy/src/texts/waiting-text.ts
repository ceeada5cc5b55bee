import type { Language } from '@support/contracts';
import { replyLanguage } from '../language/reply-language.js';
import { availabilityText, type SupportAvailability } from './availability-text.js';
import type { LocalisedText } from './localised-text.js';

/**
 * What a customer waiting for a colleague is sent: a fixed text (the handoff, or the holding note)
 * followed by when a colleague can be expected, in the language they are answered in.
 */
export function waitingText(
  texts: LocalisedText,
  language: Language,
  availability: SupportAvailability,
): string {
  const lang = replyLanguage(language);
  return `${texts[lang]} ${availabilityText(availability, lang)}`;
}
