import { NON_FACTUAL_LINES } from '@support/citations';
import type { LocalisedText } from './localised-text.js';

const [en] = NON_FACTUAL_LINES.closing.en;
const [ar] = NON_FACTUAL_LINES.closing.ar;

/**
 * The closing the bot says when there is nothing left to answer (the customer declined an offered
 * return): the first `closing` line of each language of `libs/citations`' non-factual lines.
 */
export const ANYTHING_ELSE: LocalisedText = { en: en!, ar: ar! };
