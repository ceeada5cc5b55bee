import { normalizeText } from '@support/text';
import { citationMarkers } from '../citations/citation-marker.js';
import { DOTTED_CURRENCIES } from './units.js';

export type QuantityToken =
  | { type: 'number'; value: number; start: number; end: number }
  | { type: 'word'; word: string; start: number; end: number }
  | { type: 'symbol'; symbol: '%' | '-'; start: number; end: number };

/**
 * The text as the quantity reader sees it: citation markers blanked (their "#2" is no quantity),
 * NFKC, lowercase, Arabic folded with Arabic-Indic and Persian digits in 0-9 (`normalizeText`),
 * then the Arabic thousands separator "٬" as ",", the Arabic decimal separator "٫" as ".", "٪"
 * as "%", Persian yeh and keheh as their Arabic letters, and dotted currency abbreviations
 * ("ر.س") as codes.
 */
export function prepareQuantityText(text: string): string {
  let prepared = normalizeText(text.replace(citationMarkers(), ' '))
    .replaceAll('\u066C', ',')
    .replaceAll('\u066B', '.')
    .replaceAll('\u066A', '%')
    .replaceAll('\u06CC', '\u064A')
    .replaceAll('\u06A9', '\u0643');
  for (const [pattern, code] of DOTTED_CURRENCIES) prepared = prepared.replace(pattern, code);
  return prepared;
}

// A clock time (10:30); a number with thousands commas, each group exactly three digits, and an
// optional decimal part; a plain number; a word; a percent sign; a dash.
const TOKEN =
  /(\d{1,2}:\d{2})(?!\d)|(\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?)|(\p{L}+)|(%)|([-\u2013\u2014])/gu;

function clockValue(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) + Number(minutes) / 60;
}

/** Numbers, words, percent signs and dashes of a prepared text, in order, with their offsets. */
export function tokenizeQuantities(prepared: string): QuantityToken[] {
  const tokens: QuantityToken[] = [];
  for (const match of prepared.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const [, time, number, word, percent] = match;
    if (time !== undefined) tokens.push({ type: 'number', value: clockValue(time), start, end });
    else if (number !== undefined) {
      tokens.push({ type: 'number', value: Number(number.replaceAll(',', '')), start, end });
    } else if (word !== undefined) tokens.push({ type: 'word', word, start, end });
    else if (percent !== undefined) tokens.push({ type: 'symbol', symbol: '%', start, end });
    else tokens.push({ type: 'symbol', symbol: '-', start, end });
  }
  return tokens;
}
