import { NON_FACTUAL_LINES } from '@support/citations';
import type { LocalisedText } from './localised-text.js';

const [en] = NON_FACTUAL_LINES.rephrase.en;
const [ar] = NON_FACTUAL_LINES.rephrase.ar;

/**
 * Asked when nothing in the chunks covers the question: no facts, so nothing to cite. The
 * extractive responder says it and the system prompt tells the chat model to; the reply check
 * reads it as a line that states nothing (the first `rephrase` phrase of each language in
 * `libs/citations`' non-factual lines, its one source), and the turn that says it is an avoidable
 * escalation, `rephrase_requested` ({@link afterValidation}).
 */
export const REPHRASE_REQUEST: LocalisedText = { en: en!, ar: ar! };
