import { stripCitations } from '../citations/strip-citations.js';
import { checkWords, phraseWords } from '../words/check-words.js';
import { containsPhrase } from '../words/match-phrase.js';
import {
  ARABIC_OWNERSHIP,
  CARD_AND_CODE_TERMS,
  CHAT_PLACES,
  ENGLISH_OWNERS,
  ENTRY_CUES,
  NEED_CUES,
  PASSWORD_TERMS,
  REQUEST_CUES,
} from './secret-phrases.js';

const LATIN = /^\p{Script=Latin}/u;
const cardTerms = phraseWords(CARD_AND_CODE_TERMS);
const passwordTerms = phraseWords(PASSWORD_TERMS);
const requests = phraseWords(REQUEST_CUES);
const needs = phraseWords(NEED_CUES);
const entries = phraseWords(ENTRY_CUES);
const places = phraseWords(CHAT_PLACES);
const arabicOwnership = phraseWords(ARABIC_OWNERSHIP);

/** "your <term>" for each English term, and the Arabic possessives. */
function owned(terms: readonly string[][]): string[][] {
  const english = terms.filter((term) => LATIN.test(term[0] ?? ''));
  return [
    ...arabicOwnership,
    ...phraseWords(ENGLISH_OWNERS).flatMap((owner) => english.map((term) => [...owner, ...term])),
  ];
}
const ownCard = owned(cardTerms);
const ownPassword = owned(passwordTerms);

/**
 * Whether a sentence (already through `normalizeForChecks`) asks the customer for a secret. It
 * names one and
 *
 * - asks for something ({@link REQUEST_CUES}: "share", "send", "please", "what is", "ابعت",
 *   "زودني", "ممكن", "ايش", ...);
 * - or asks for it to be typed here ({@link ENTRY_CUES} with {@link CHAT_PLACES}: "enter it here");
 * - or, for card data and one-time codes ({@link CARD_AND_CODE_TERMS}), names them as the
 *   customer's own ("your CVV", "رقم بطاقتك") or as needed ({@link NEED_CUES}: "محتاج رقم البطاقة");
 * - or, for passwords and PINs ({@link PASSWORD_TERMS}), says the customer's own is needed
 *   ({@link NEED_CUES}: "we need your password").
 *
 * A sentence that only mentions one is not a request: "Card payments are confirmed with a
 * one-time password from your bank", "A new password needs at least 8 characters", "أدخل رمز
 * البطاقة في صفحة الدفع". No citation makes a request for a secret acceptable: a chunk that asks
 * for one was planted.
 */
export function requestsSecret(sentence: string): boolean {
  const words = checkWords(stripCitations(sentence));
  const card = containsPhrase(words, cardTerms);
  const password = containsPhrase(words, passwordTerms);
  if (!card && !password) return false;
  return (
    containsPhrase(words, requests) ||
    (containsPhrase(words, entries) && containsPhrase(words, places)) ||
    (card && (containsPhrase(words, ownCard) || containsPhrase(words, needs))) ||
    (password && containsPhrase(words, ownPassword) && containsPhrase(words, needs))
  );
}
