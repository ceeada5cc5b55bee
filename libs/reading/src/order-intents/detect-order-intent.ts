import {
  alternatives,
  alternativesOf,
  ARABIC_CONJUNCTION_CLITICS,
  escapeRegExp,
  pairWords,
  wordList,
  words,
} from '@support/language';
import { expandEnglishShorthand, normalizeText } from '@support/text';

/** What the customer wants to know about their own order. */
export type OrderIntentKind = 'status' | 'return' | 'refund' | 'payment' | 'list';

export interface OrderIntent {
  readonly kind: OrderIntentKind;
  /** The order number the message names (`ORD-1001`), when it names one. */
  readonly orderId?: string;
}

// The words are the language packs' (libs/language lang/en and lang/ar orders.yaml, the trade's
// currencies.yaml), folded as the message is (أ → ا, ة → ه).
const en = (list: string) => alternatives(list, { script: 'latin' });
const ar = (list: string) => alternatives(list, { script: 'arabic' });
const AR_END = '(?=$|[\\s؟?.!،,:])';
const AR_START = `(?:^|[\\s؟?.!،,:])(?:${alternativesOf(ARABIC_CONJUNCTION_CLITICS)})?`;

/**
 * How customers name an order, as facts of each language rather than one question's wording: the
 * shop's prefix ("ORD-1001", "ord 1001"), a number sign ("#1001"), a word for "order" with its
 * possessive and definite forms and an optional "number" ("order 1001", "my order number 1001",
 * "طلبي 1001", "الطلب رقم ١٠٠١"), or the word "number" alone ("رقم 1001"). Digits are read after
 * folding, so Arabic-Indic (١٠٠١) and Persian (۱۰۰۱) digits name the same order. The prefix and
 * the sign are the order tools' format, not words.
 */
const ORDER_PREFIX = 'ord';
const NUMBER_SIGN = '#';
/** Longest first, so "number" is tried before "no". */
const longest = (list: string, script: 'latin' | 'arabic') =>
  alternatives(list, { script, longestFirst: true });
const ARABIC_ORDER = `(?:${ar('order.definite')})?(?:${longest('order.order_words', 'arabic')})(?:${longest('order.possessives', 'arabic')})?`;
const DIGITS = '(\\d{3,12})';

const ORDER_ID = [
  new RegExp(`\\b${ORDER_PREFIX}[-\\s]?(\\d{1,12})\\b`),
  new RegExp(`${escapeRegExp(NUMBER_SIGN)}\\s?${DIGITS}\\b`),
  new RegExp(
    `\\b(?:${longest('order.order_words', 'latin')})\\s+(?:(?:${longest('order.number_words', 'latin')})\\s*(?:is\\s+|:\\s*)?)?${DIGITS}\\b`,
  ),
  new RegExp(
    `(?:${ARABIC_ORDER}|${longest('order.number_words', 'arabic')})\\s*:?\\s*(?:(?:${longest('order.number_words', 'arabic')})\\s*:?\\s*)?${DIGITS}(?!\\d)`,
  ),
];

// "an order of 4000 riyals", "طلب 200 ريال": a number followed by a currency or a unit is an
// amount, not an order number.
const AMOUNT_AFTER = new RegExp(
  `^\\s*(?:${alternativesOf([
    ...['codes', 'short_forms', 'names', 'name_forms', 'abbreviations'].flatMap((list) =>
      pairWords(`currency.${list}`),
    ),
    ...pairWords('quantity.duration_units'),
    ...words('order.item_words'),
  ])})(?=$|[^\\p{L}])`,
  'u',
);

// Cancelling or changing an order has no tool: the knowledge base says how, even for one order.
const NOT_A_TOOL_QUESTION = [
  new RegExp(en('order.change_words')),
  new RegExp(ar('order.change_words')),
];

// The customer's own order: a possessive or "I ordered", in English, MSA and the dialects.
const OWN_ORDER = [
  ...wordList('order.own').patterns.map((pattern) => new RegExp(pattern)),
  new RegExp(`${AR_START}(?:${ar('order.own_words')})${AR_END}`),
  new RegExp(`(?:${ar('order.order_nouns')})\\s+(?:${ar('order.possessive_words')})${AR_END}`),
];

// Questions about how the shop works ("how do I return my order?", "كيف أرجع طلبي؟") are the
// knowledge base's; without an order number, they are not about one order.
const POLICY_QUESTION = [
  ...wordList('order.policy_question').patterns.map((pattern) => new RegExp(pattern)),
  new RegExp(`(?:${ar('order.meaning_words')})`),
  new RegExp(`${AR_START}(?:${ar('order.policy_words')})${AR_END}`),
];

const TIMING = new RegExp(`${en('order.timing')}|(?:${ar('order.timing')})`);

// Kinds, the most specific first: "refund for my return" is about the money.
const KINDS: readonly (readonly [OrderIntentKind, readonly RegExp[]])[] = (
  ['refund', 'return', 'payment', 'status', 'list'] as const
).map((kind) => [
  kind,
  [new RegExp(en(`order.kind.${kind}`)), new RegExp(`(?:${ar(`order.kind.${kind}`)})`)],
]);

/** The order number a message names, as the tools write it (`ORD-1001`), or undefined. */
export function orderIdIn(text: string): string | undefined {
  const folded = normalizeText(text);
  for (const pattern of ORDER_ID) {
    const match = pattern.exec(folded);
    if (match === null) continue;
    if (AMOUNT_AFTER.test(folded.slice(match.index + match[0].length))) continue;
    return `ORD-${match[1]}`;
  }
  return undefined;
}

/** The kind of order question a message asks, whatever it is about; undefined when none. */
export function orderIntentKindOf(text: string): OrderIntentKind | undefined {
  const folded = normalizeText(text);
  return KINDS.find(([, patterns]) => patterns.some((pattern) => pattern.test(folded)))?.[0];
}

/**
 * A message about the customer's own orders, or null. It is one when it names an order number, or
 * speaks of the customer's own order ("my order", "where is my package", "طلبي", "وين طلبي",
 * "فين الطلب حقي") and is not a question about how the shop works ("how do I return my order?",
 * "how long until my refund arrives?", "what does the shipped status mean?" stay with the
 * knowledge base). Cancelling or changing an order is the knowledge base's too: no tool does it.
 * Without a kind word the message is about the order's status.
 */
export function detectOrderIntent(text: string): OrderIntent | null {
  const folded = normalizeText(expandEnglishShorthand(text));
  if (NOT_A_TOOL_QUESTION.some((pattern) => pattern.test(folded))) return null;
  const orderId = orderIdIn(folded);
  const kind = orderIntentKindOf(folded);
  if (orderId === undefined) {
    if (!OWN_ORDER.some((pattern) => pattern.test(folded))) return null;
    if (POLICY_QUESTION.some((pattern) => pattern.test(folded))) return null;
    // When money comes back is the refund policy's to say, unless one order is named.
    if ((kind === 'refund' || kind === 'payment') && TIMING.test(folded)) return null;
  }
  return { kind: kind ?? 'status', ...(orderId === undefined ? {} : { orderId }) };
}
