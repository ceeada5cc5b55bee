// Marks removed outright:
// - U+064B–U+0652 tashkeel (tanween, fatha, damma, kasra, shadda, sukun), plus U+0653–U+065F
//   (maddah, hamza above/below and rarer marks): stripping these too keeps a decomposed
//   "ا + ٔ" equal to the precomposed "أ", which the letter rules below fold to "ا" anyway;
// - U+0670 superscript (dagger) alef;
// - U+06D6–U+06ED Quranic annotation marks;
// - U+0640 tatweel (kashida), a stretching glyph with no meaning.
const REMOVED = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

const LETTERS: Readonly<Record<string, string>> = {
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0671': '\u0627', // ٱ → ا
  '\u0649': '\u064A', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u0624': '\u0648', // ؤ → و
  '\u0626': '\u064A', // ئ → ي
};

// Alef forms, alef maqsura, ta marbuta, hamza on waw / ya, Arabic-Indic and Persian digits.
const FOLDED = /[\u0622\u0623\u0625\u0671\u0649\u0629\u0624\u0626\u0660-\u0669\u06F0-\u06F9]/g;
const FOLDED_BUT_TA_MARBUTA =
  /[\u0622\u0623\u0625\u0671\u0649\u0624\u0626\u0660-\u0669\u06F0-\u06F9]/g;

function fold(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
  return LETTERS[char] ?? char;
}

export interface ArabicFoldOptions {
  /**
   * Leave ة as it is. The Arabic BM25 encoder folds it after stemming instead: the Snowball
   * stemmer strips ة as the feminine ending but reads ه as a pronoun, so folding first would
   * stem "المدرسة" and "مدرسة" apart.
   */
  keepTaMarbuta?: boolean;
}

/**
 * Folds the spelling variants of Arabic text so that a query typed without diacritics, with a
 * bare alef or with ه for ة matches the documents: removes diacritics, Quranic marks and
 * tatweel; folds أ إ آ ٱ to ا, ى to ي, ة to ه, ؤ to و, ئ to ي; turns Arabic-Indic and Persian
 * digits into 0–9. Arabic punctuation (، ؛ ؟) is left in place: the tokenizer splits on it.
 */
export function normalizeArabic(text: string, options: ArabicFoldOptions = {}): string {
  const folded = options.keepTaMarbuta ? FOLDED_BUT_TA_MARBUTA : FOLDED;
  return text.replace(REMOVED, '').replace(folded, fold);
}

/** Folds ة to ه, the one rule that {@link ArabicFoldOptions.keepTaMarbuta} holds back. */
export function foldTaMarbuta(text: string): string {
  return text.replaceAll('\u0629', '\u0647');
}
