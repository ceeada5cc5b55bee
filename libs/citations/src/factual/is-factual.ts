import { stripCitations } from '../citations/strip-citations.js';
import { extractQuantities } from '../quantities/extract-quantities.js';
import {
  ACKNOWLEDGEMENTS,
  GREETINGS,
  NAME_FILLERS,
  NAME_LEADS,
  OFFERS_OF_HELP,
  QUESTION_OPENERS,
  REQUESTS,
  RHETORICAL_OPENERS,
  SIGN_OFFS,
  SYMPATHY,
  THANKS,
} from './phrases.js';
import { hasPolicyTerm } from './policy-terms.js';
import { matchPhrase, phraseWords, words, type Word } from './words.js';

/** Longest tail after a thanks ("for contacting Sanaa Boutique"). */
export const MAX_THANKS_TAIL_WORDS = 10;
/** Longest tail after a sympathy phrase ("that", "about the delay"). */
export const MAX_SYMPATHY_TAIL_WORDS = 6;
/** Longest rest of a sentence after an offer of help, a request or a question opener. */
export const MAX_OPEN_TAIL_WORDS = 30;

const greetings = phraseWords(GREETINGS);
const thanks = phraseWords(THANKS);
const signOffs = phraseWords(SIGN_OFFS);
const offers = phraseWords(OFFERS_OF_HELP);
const sympathy = phraseWords(SYMPATHY);
const requests = phraseWords(REQUESTS);
const questionOpeners = phraseWords(QUESTION_OPENERS);
const rhetorical = phraseWords(RHETORICAL_OPENERS);
const acknowledgements = phraseWords(ACKNOWLEDGEMENTS);
const fillers = new Set(phraseWords(NAME_FILLERS).flat());
const nameLeads = new Set(phraseWords(NAME_LEADS).flat());
const and = phraseWords(['and']);

// Clauses end at commas (Latin and Arabic), semicolons, colons, dashes and sentence punctuation.
const CLAUSE_BREAK = /[,\u060C;:\u2013\u2014\u061B.!?\u061F\u2026]+|\s-\s/;
const ENDS_WITH_QUESTION = /[?\u061F][\s!?\u061F.…"'\u201D\u2019\u00BB)]*$/;
const LATIN = /\p{Script=Latin}/u;
const ARABIC = /\p{Script=Arabic}/u;
const CAPITALISED = /^\p{Lu}/u;

/**
 * Whether the words after a greeting or a sign-off are a name: fillers ("dear", "customer",
 * "عزيزي") plus at most two name words, each a capitalised Latin word or, at most one, an Arabic
 * word; after a lead word ("to", "في", "فريق") up to three words of a shop's or team's name.
 */
function isNameTail(tail: readonly Word[]): boolean {
  if (hasPolicyTerm(tail)) return false;
  const led = tail.some((word) => nameLeads.has(word.norm));
  const names = tail.filter((word) => !fillers.has(word.norm) && !nameLeads.has(word.norm));
  if (names.some((word) => !LATIN.test(word.raw) && !ARABIC.test(word.raw))) return false;
  if (names.some((word) => LATIN.test(word.raw) && !CAPITALISED.test(word.raw))) return false;
  if (led) return names.length <= 3;
  return names.length <= 2 && names.filter((word) => ARABIC.test(word.raw)).length <= 1;
}

/** Greetings in a row: "Hi and welcome", "أهلاً وسهلاً ومرحباً". Returns the words used. */
function greetingLength(clause: readonly Word[]): number {
  let at = 0;
  for (;;) {
    const direct = matchPhrase(clause, at, greetings);
    if (direct > 0) {
      at += direct;
      continue;
    }
    const joined = matchPhrase(clause, at, and) > 0 ? matchPhrase(clause, at + 1, greetings) : 0;
    if (at > 0 && joined > 0) {
      at += 1 + joined;
      continue;
    }
    return at;
  }
}

type ClauseKind = 'courtesy' | 'aside' | 'open' | 'fact';

/** What one clause is; an `open` clause (offer, request, question) takes the rest of the sentence. */
function clauseKind(clause: readonly Word[], rest: readonly Word[], question: boolean): ClauseKind {
  if (matchPhrase(clause, 0, rhetorical) > 0) return 'fact';

  const open =
    matchPhrase(clause, 0, offers) ||
    matchPhrase(clause, 0, requests) ||
    (question ? matchPhrase(clause, 0, questionOpeners) : 0);
  if (open > 0) {
    const tail = rest.slice(open);
    return tail.length <= MAX_OPEN_TAIL_WORDS && !hasPolicyTerm(tail) ? 'open' : 'fact';
  }

  const greeting = greetingLength(clause);
  if (greeting > 0) return isNameTail(clause.slice(greeting)) ? 'courtesy' : 'fact';

  const signOff = matchPhrase(clause, 0, signOffs);
  if (signOff > 0) return isNameTail(clause.slice(signOff)) ? 'courtesy' : 'fact';

  const thanked = matchPhrase(clause, 0, thanks);
  if (thanked > 0) {
    const tail = clause.slice(thanked);
    return tail.length <= MAX_THANKS_TAIL_WORDS && !hasPolicyTerm(tail) ? 'courtesy' : 'fact';
  }

  const sorry = matchPhrase(clause, 0, sympathy);
  if (sorry > 0) {
    const tail = clause.slice(sorry);
    return tail.length <= MAX_SYMPATHY_TAIL_WORDS && !hasPolicyTerm(tail) ? 'courtesy' : 'fact';
  }

  const acknowledged = matchPhrase(clause, 0, acknowledgements);
  if (acknowledged > 0) return isNameTail(clause.slice(acknowledged)) ? 'aside' : 'fact';

  return isNameTail(clause) ? 'aside' : 'fact';
}

/**
 * Whether a sentence states something a customer could act on, and so needs a citation.
 *
 * The rule, in order:
 * 1. Citation markers are ignored. A sentence with no letter or digit states nothing: not factual.
 * 2. A sentence holding a number, a price, a duration, a percentage (digits in any script, "%",
 *    a number word: see `extractQuantities`) is factual, whatever else it is.
 * 3. The sentence is cut into clauses at commas, semicolons, colons and dashes. It is NOT factual
 *    only if every clause is one of:
 *    - a greeting ({@link GREETINGS}) optionally followed by a name ("Hi Sara", "مرحباً أستاذ أحمد");
 *    - a sign-off ({@link SIGN_OFFS}) optionally followed by a name ("Best regards, Sanaa Boutique");
 *    - thanks ({@link THANKS}) with a short tail ("Thank you for contacting Sanaa Boutique");
 *    - sympathy ({@link SYMPATHY}) with a short tail ("I'm sorry to hear that");
 *    - an acknowledgement ({@link ACKNOWLEDGEMENTS}: "Sure") or a bare name ("Sara"), which only
 *      go along with one of the others: "Sure." alone may be answering "Can I return it?";
 *    - and, taking the rest of the sentence with it: an offer of further help
 *      ({@link OFFERS_OF_HELP}: "Let me know if you need anything else"), a request
 *      ({@link REQUESTS}: "Please share your order number"), or, in a sentence ending with "?" or
 *      "؟", a question back ({@link QUESTION_OPENERS}: "Could you share your order number?",
 *      "هل يمكنك تزويدي برقم الطلب؟") that is not rhetorical ("Did you know ...?").
 * 4. The words after a phrase must not hold a policy term ({@link POLICY_TERMS}: return, refund,
 *    delivery, free, إرجاع, شحن ...): "Hi Sara, returns are free" and "Would you like to start a
 *    return?" are factual.
 * 5. Anything else, including whatever these lists do not know, is factual.
 */
export function isFactual(sentence: string): boolean {
  const text = stripCitations(sentence).trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return false;
  if (/[\p{Nd}%\u066A]/u.test(text) || extractQuantities(text).length > 0) return true;

  const question = ENDS_WITH_QUESTION.test(text);
  const clauses = text
    .split(CLAUSE_BREAK)
    .map((clause) => words(clause))
    .filter((clause) => clause.length > 0);

  let courtesy = false;
  for (const [index, clause] of clauses.entries()) {
    const rest = clauses.slice(index).flat();
    const kind = clauseKind(clause, rest, question);
    if (kind === 'fact') return true;
    if (kind === 'open') return false;
    if (kind === 'courtesy') courtesy = true;
  }
  return !courtesy;
}
