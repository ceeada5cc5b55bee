import { textLists } from '../packs/text-lists.js';

/**
 * Arabic word forms for matching a question against policy sentences, on folded text (ة as ه,
 * أ/إ/آ as ا, ى as ي). Snowball's Arabic stemmer serves BM25 (it must agree with fastembed) but
 * reads many inflections apart: "بطاقات" gives "طاقا" and "لبطاقات" "لبطاقا", "تُشحن" gives
 * "تشح" while "شحن" stays "شحن". Matching needs the opposite trade: forms of one word meet,
 * rare false meetings are tolerated (a sentence is judged on every question term, not one).
 */

// The definite article with what is glued before it: "والدوحة", "بالتوصيل", "للطلب".
const ARTICLE = /^(?:[وف]?(?:بال|كال|لل|ال))/;

// Endings read as inflection or a pronoun, longest first (the packs' light_stem_suffixes).
const SUFFIXES = textLists.written('light_stem_suffixes');

const MIN_STEM = 3;

/**
 * The stem of a folded Arabic word: the article and one ending removed while three letters
 * remain ("والدوحه" → "دوح", "البطاقات" → "بطاق", "فروعنا" → "فروع"). Conservative on purpose:
 * the other forms a word may take are in {@link arabicVariants}.
 */
export function arabicLightStem(word: string): string {
  let stem = word;
  const article = ARTICLE.exec(stem);
  if (article !== null && stem.length - article[0].length >= MIN_STEM)
    stem = stem.slice(article[0].length);
  const ending = SUFFIXES.find(
    (suffix) => stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM,
  );
  if (ending !== undefined) return stem.slice(0, -ending.length);
  // The alef of the accusative ("يوماً", "مجانياً"), then the ending under it.
  if (stem.endsWith('ا') && stem.length - 1 >= MIN_STEM) return arabicLightStem(stem.slice(0, -1));
  return stem;
}

// One step from a stem to a form of the same word, each kept while three letters remain:
// - a glued conjunction or preposition ("و", "ف", "ب", "ل", "ك"), the future "س";
// - the present-tense person prefixes ("ي", "ت", "ن", "ا": "تُشحن" and "شحن");
// - the "ست" of derived verbs once that prefix is gone ("تستبدل" → "ستبدل" → "بدل");
// - the "م" of participles ("متوفر" and "تتوفر" meet at "توفر");
// - the "ت" a feminine noun keeps before a pronoun ("بطاقتي" → "بطاقت" → "بطاق");
// - one long "ا" inside the word ("استخدام" and "استخدم", "بدال" and "بدل"). Not "و" or "ي":
//   dropping those reaches the bare root, where unrelated words meet ("التجميل", cosmetics, and
//   "الجملة", wholesale). Nor the "ا" after the first letter of a four-letter word: that is the
//   pattern of the one who does ("طالب", a student, is no "طلب", an order; "شاحن" no "شحن").
const LEADING = /^[وفبلكسيتنام]/;
const LONG_VOWEL = /ا/;
// "فاعل": a root of three letters with "ا" after the first.
const DOER_LENGTH = 4;

function steps(form: string): string[] {
  const out: string[] = [];
  if (form.length <= MIN_STEM) return out;
  if (LEADING.test(form)) out.push(form.slice(1));
  if (form.startsWith('ست') && form.length - 2 >= MIN_STEM) out.push(form.slice(2));
  if (form.endsWith('ت')) out.push(form.slice(0, -1));
  for (let i = 1; i < form.length - 1; i += 1)
    if (LONG_VOWEL.test(form[i]!) && !(i === 1 && form.length === DOER_LENGTH))
      out.push(form.slice(0, i) + form.slice(i + 1));
  return out;
}

/** How many steps a variant may be from the stem: two on each side of a comparison. */
export const MATCH_STEPS = 2;

const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 50_000;

/**
 * The forms a light stem may stand for, itself first, then those one step away, then two (see
 * `steps`), up to `maxSteps`. Two stems are forms of one word when their variants share one.
 */
export function arabicVariants(stem: string, maxSteps = MATCH_STEPS): readonly string[] {
  const key = `${maxSteps}:${stem}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const seen = new Set([stem]);
  let frontier = [stem];
  for (let depth = 0; depth < maxSteps; depth += 1) {
    const next: string[] = [];
    for (const form of frontier)
      for (const variant of steps(form))
        if (!seen.has(variant)) {
          seen.add(variant);
          next.push(variant);
        }
    frontier = next;
  }
  const variants = [...seen];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, variants);
  return variants;
}
