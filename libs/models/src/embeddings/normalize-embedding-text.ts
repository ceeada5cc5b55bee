// Kept local on purpose: the hashing embedder's vectors are stored in the index, so its few
// folding rules (spelling variants of one Arabic word hash to the same features) must not change
// when the text lib's normalisation does.
const ARABIC_DIACRITICS_AND_TATWEEL = /[\u064B-\u0652\u0670\u0640]/g;
const ALEF_FORMS = /[\u0623\u0625\u0622]/g; // أ إ آ
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * NFKC, lower case, then Arabic folding: diacritics (U+064B–U+0652, dagger alef U+0670) and
 * tatweel (U+0640) removed, أ إ آ → ا, ى → ي, ة → ه, Arabic-Indic digits → ASCII digits.
 */
export function normalizeEmbeddingText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(ARABIC_DIACRITICS_AND_TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(ARABIC_INDIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** Words: maximal runs of letters, digits and combining marks. */
export function words(normalised: string): string[] {
  return normalised.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}
