import { arabicLightStem, snowballStemmer } from '@support/text';

const ARABIC = /\p{Script=Arabic}/u;
const english = snowballStemmer('english');

/**
 * The stem two forms of a normalised word share: Porter2 for English ("refunds" → "refund"), the
 * light stem of libs/text for Arabic ("والبطاقات" → "بطاق"). Stop words are stemmed too: the
 * words that carry scope and conditions ("any", "only", "قبل") are among them.
 */
export function stem(word: string): string {
  return ARABIC.test(word) ? arabicLightStem(word) : english.stem(word) || word;
}
