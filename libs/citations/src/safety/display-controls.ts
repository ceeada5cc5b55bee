import { BIDI_CONTROLS, withVisibleBidiControls } from '@support/text';

// The marks (LRM, RLM, ALM) reorder no letters, but between two digits of a number or a range
// they cut it into runs a line can show in swapped order: "2<RLM>1" reads "12", "3<RLM>-4" can
// read "4-3". Elsewhere they are harmless and the checks ignore them: Arabic number formatting
// (ICU, `Intl`) puts an RLM before an amount ("المجموع: <RLM>137.00 ر.س."), and documents carry them.
const NUMBER_INSIDE = '[\\s.,:/\\-\\u2013\\u2014\\u066B\\u066C]*';
const MARK_INSIDE_NUMBER = new RegExp(
  `(?<=\\p{Nd}${NUMBER_INSIDE})[\\u200E\\u200F\\u061C]+(?=${NUMBER_INSIDE}\\p{Nd})`,
  'gu',
);
const VISIBLE_CONTROL = /\[U\+[0-9A-F]{4}\]/g;

/**
 * The draft with each character that changes the order text is displayed in written as its code
 * point (`[U+202E]`): the bidirectional controls ({@link BIDI_CONTROLS}) anywhere, and a
 * left-to-right, right-to-left or Arabic letter mark between two digits of a number or a range. The checks then read the
 * control where it was, instead of text the page would show in another order.
 */
export function withVisibleDisplayControls(draft: string): string {
  const marked = draft.replace(MARK_INSIDE_NUMBER, (marks) =>
    [...marks]
      .map((mark) => `[U+${mark.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
      .join(''),
  );
  return withVisibleBidiControls(marked);
}

/**
 * The controls a sentence of `withVisibleDisplayControls(draft)` holds, among those the draft
 * itself holds (`inDraft`), so that a sentence merely quoting "[U+202E]" is not one.
 */
export function displayControlsIn(sentence: string, inDraft: ReadonlySet<string>): string[] {
  return [...sentence.matchAll(VISIBLE_CONTROL)]
    .map(([control]) => control.slice(1, -1))
    .filter((control) => inDraft.has(control));
}

/** The controls {@link withVisibleDisplayControls} writes out for `draft`. */
export function displayControlsOf(draft: string): Set<string> {
  const found = new Set<string>();
  for (const char of draft)
    if (BIDI_CONTROLS.test(char) || /[\u200E\u200F\u061C]/.test(char))
      found.add(`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return found;
}
