/**
 * The bidirectional controls that reorder the text after them (embeddings U+202A-U+202C, overrides
 * U+202D-U+202E, isolates U+2066-U+2069): with one, "refund order ORD-1001" or "card number and
 * CVV" can be shown for characters stored in another order. The marks (LRM, RLM, ALM) only settle
 * where neutral characters go, and Arabic keyboards type them: they are not here.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;
const ALL_BIDI_CONTROLS = new RegExp(BIDI_CONTROLS.source, 'gu');

/** The first bidirectional control in `text` with its index, or null. */
export function firstBidiControl(text: string): { index: number; codePoint: string } | null {
  const found = BIDI_CONTROLS.exec(text);
  return found ? { index: found.index, codePoint: codePointName(found[0]) } : null;
}

/** Each bidirectional control written as its code point ("[U+202E]"): seen, never applied. */
export function withVisibleBidiControls(text: string): string {
  return text.replace(ALL_BIDI_CONTROLS, (c) => `[${codePointName(c)}]`);
}

function codePointName(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
