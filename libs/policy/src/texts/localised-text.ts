import type { ReplyLanguage } from '../language/reply-language.js';

/** A fixed customer-facing text in each language the assistant replies in. */
export type LocalisedText = Readonly<Record<ReplyLanguage, string>>;
