export type Language = 'en' | 'ar' | 'mixed';

/** At or above this share of Arabic letters among Arabic + Latin letters, the text is Arabic. */
export const ARABIC_MIN_SHARE = 0.8;

/** At or below this share of Arabic letters (and with no Arabic word), the text is English. */
export const ENGLISH_MAX_ARABIC_SHARE = 0.1;

/** A run of this many Arabic letters is a word, and one Arabic word keeps a text from being English. */
export const ARABIC_WORD_MIN_LETTERS = 2;

const ARABIC_LETTER = /(?=\p{L})\p{Script=Arabic}/gu;
const LATIN_LETTER = /(?=\p{L})\p{Script=Latin}/gu;
const ARABIC_WORD = new RegExp(
  `(?:(?=\\p{L})\\p{Script=Arabic}){${ARABIC_WORD_MIN_LETTERS},}`,
  'u',
);
// Marks and tatweel sit between the letters of a word; dropped so that they do not split it.
const INSIDE_WORD = /[\p{M}\u0640]/gu;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * Routes a text to the sparse legs by the share of Arabic letters among the Arabic and Latin
 * letters (digits, punctuation, marks and other scripts are not counted):
 *
 * - share >= {@link ARABIC_MIN_SHARE}: 'ar'. A few Latin brand names or codes do not make Arabic
 *   text mixed; the Arabic encoder keeps Latin tokens (lowercased, unstemmed), so they still match.
 * - share <= {@link ENGLISH_MAX_ARABIC_SHARE} and no Arabic word: 'en'. One Arabic word in an
 *   English sentence makes it mixed, because only the Arabic encoder normalises and stems it.
 * - otherwise 'mixed'. A text with no Arabic or Latin letter at all (digits only, empty) is 'en'.
 *
 * The rule leans towards 'mixed': a mixed turn only runs one leg more.
 */
export function detectLanguage(text: string): Language {
  const letters = text.replace(INSIDE_WORD, '');
  const arabic = count(letters, ARABIC_LETTER);
  const latin = count(letters, LATIN_LETTER);
  if (arabic + latin === 0) return 'en';
  const share = arabic / (arabic + latin);
  if (share >= ARABIC_MIN_SHARE) return 'ar';
  if (share <= ENGLISH_MAX_ARABIC_SHARE && !ARABIC_WORD.test(letters)) return 'en';
  return 'mixed';
}
