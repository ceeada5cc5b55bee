import { normalizeArabic } from '../normalize/normalize-arabic.js';
import { textLists } from '../packs/text-lists.js';

/**
 * Gulf, Levantine and Egyptian words a customer types, folded, with the Modern Standard Arabic
 * word the knowledge base writes for them (`lang/ar/dialect.yaml`, `dialect_forms`).
 */
const FOLDED = new Map(
  Object.entries(textLists.wordList('dialect_forms').writtenPairs).flatMap(([standard, forms]) =>
    forms.map((form) => [normalizeArabic(form), standard] as const),
  ),
);

// Question words that "and" or "so" is often glued to ("ومتى"), written apart (`glued_question_words`).
const GLUED_QUESTION_WORDS = new Set(
  textLists.written('glued_question_words').map((word) => normalizeArabic(word)),
);
const EGYPTIAN_FUTURE = /^ه[تين][\u0621-\u064A]{3,}$/;
// Arabic letters and their marks: punctuation (، ؟ ؛) ends a word.
const ARABIC_WORD = /(?:(?=\p{L})\p{Script=Arabic}|\p{M})+/gu;

/**
 * Replaces the dialect words of a text with their Modern Standard Arabic forms, for matching only
 * (never for text shown to anyone): "وين طلبي" reads as "أين طلبي", "ابغى ارجعه" as
 * "أريد إرجاع", "المصاري" as "المبلغ". A leading و or ف ("and", "so") is kept off the lookup
 * and put back; a question word under it is written apart ("ومتى" → "و متى").
 */
export function normalizeArabicDialect(text: string): string {
  return text.replace(ARABIC_WORD, (word) => {
    const folded = normalizeArabic(word);
    const standard = standardForm(folded);
    if (standard !== undefined) return standard;
    // Egyptian future "ه" before a present verb: "هترجع" is "ترجع", "هيوصل" is "يوصل".
    if (EGYPTIAN_FUTURE.test(folded)) return folded.slice(1);
    if (folded.length > 2 && (folded.startsWith('و') || folded.startsWith('ف'))) {
      const rest = folded.slice(1);
      if (GLUED_QUESTION_WORDS.has(rest)) return `${word[0]} ${rest}`;
      // A hamza on a seat is standard spelling: "فوائد" (benefits) is not "ف" + Gulf "وايد".
      const restStandard = rest.length > 2 && !/[ئؤ]/.test(word) ? standardForm(rest) : undefined;
      if (restStandard !== undefined) return `${word[0]}${restStandard}`;
    }
    return word;
  });
}

/** The standard form of a folded dialect word, also under the article ("الفلوس", "السايز"). */
function standardForm(folded: string): string | undefined {
  const direct = FOLDED.get(folded);
  if (direct !== undefined || !folded.startsWith('ال')) return direct;
  const bare = FOLDED.get(folded.slice(2));
  if (bare === undefined) return undefined;
  return bare.startsWith('ال') ? bare : `ال${bare}`;
}
