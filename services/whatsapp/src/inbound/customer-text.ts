import { storableText } from '@support/persistence/pure';
import type { OfferedOptions } from '../contacts/contact-store.js';

/** C0 and C1 controls other than tab and line feed: nothing a person types. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LETTER = /\p{L}/u;
const NUMBER = /^[0-9\u0660-\u0669\u06f0-\u06f9]{1,2}$/;

/**
 * A WhatsApp text as the assistant reads it: control characters (which no phone keyboard types)
 * and unpaired surrogates become spaces and U+FFFD, and the ends are trimmed. The web chat refuses
 * such text so the client can fix it; here the customer's message has already arrived on their
 * phone as sent, so it is read rather than bounced.
 */
export function readableText(text: string): string {
  return storableText(text).replace(CONTROL, ' ').trim();
}

/** Whether the text says anything about its language (a bare "2" or an emoji does not). */
export function hasLetters(text: string): boolean {
  return LETTER.test(text);
}

/** "2" (or "٢") answering a numbered list of options: the option it names, if any. */
export function numberedChoice(
  text: string,
  offered: OfferedOptions | null,
): { id: string; title: string } | null {
  if (!offered?.numbered || !NUMBER.test(text)) return null;
  const digits = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const n = Number(digits.replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0)));
  return offered.options[n - 1] ?? null;
}
