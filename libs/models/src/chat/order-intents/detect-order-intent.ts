import { expandEnglishShorthand, normalizeText } from '@support/text';

/** What the customer wants to know about their own order. */
export type OrderIntentKind = 'status' | 'return' | 'refund' | 'payment' | 'list';

export interface OrderIntent {
  readonly kind: OrderIntentKind;
  /** The order number the message names (`ORD-1001`), when it names one. */
  readonly orderId?: string;
}

// Arabic patterns are written as customers type them and folded like the message (أ → ا, ة → ه).
const ar = (words: readonly string[]) => words.map((word) => normalizeText(word)).join('|');
const AR_END = '(?=$|[\\s؟?.!،,:])';
const AR_START = '(?:^|[\\s؟?.!،,:])[وف]?';

/**
 * How customers name an order, as facts of each language rather than one question's wording: the
 * shop's prefix ("ORD-1001", "ord 1001"), a number sign ("#1001"), a word for "order" with its
 * possessive and definite forms and an optional "number" ("order 1001", "my order number 1001",
 * "طلبي 1001", "الطلب رقم ١٠٠١"), or the word "number" alone ("رقم 1001"). Digits are read after
 * folding, so Arabic-Indic (١٠٠١) and Persian (۱۰۰۱) digits name the same order.
 */
const ORDER_NAMING = {
  prefix: 'ord',
  numberSign: '#',
  orderWords: {
    en: ['order', 'purchase'],
    ar: ['طلب', 'طلبية', 'اوردر'],
  },
  /** Possessive suffixes (my, your, our, his, her) and the definite article. */
  arabicPossessives: ['ي', 'ك', 'نا', 'كم', 'ه', 'ها', 'يتي', 'تي'],
  arabicDefinite: 'ال',
  numberWords: {
    en: ['number', 'no.', 'no', 'num', '#'],
    ar: ['رقم', 'رقمه'],
  },
} as const;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');
/** Longest first, so "number" is tried before "no". */
const alternatives = (words: readonly string[]) =>
  words
    .map((w) => escape(normalizeText(w)))
    .sort((a, b) => b.length - a.length)
    .join('|');
const ARABIC_ORDER = `(?:${normalizeText(ORDER_NAMING.arabicDefinite)})?(?:${alternatives(ORDER_NAMING.orderWords.ar)})(?:${alternatives(ORDER_NAMING.arabicPossessives)})?`;
const DIGITS = '(\\d{3,12})';

const ORDER_ID = [
  new RegExp(`\\b${ORDER_NAMING.prefix}[-\\s]?(\\d{1,12})\\b`),
  new RegExp(`${escape(ORDER_NAMING.numberSign)}\\s?${DIGITS}\\b`),
  new RegExp(
    `\\b(?:${alternatives(ORDER_NAMING.orderWords.en)})\\s+(?:(?:${alternatives(ORDER_NAMING.numberWords.en)})\\s*(?:is\\s+|:\\s*)?)?${DIGITS}\\b`,
  ),
  new RegExp(
    `(?:${ARABIC_ORDER}|${alternatives(ORDER_NAMING.numberWords.ar)})\\s*:?\\s*(?:(?:${alternatives(ORDER_NAMING.numberWords.ar)})\\s*:?\\s*)?${DIGITS}(?!\\d)`,
  ),
];

// "an order of 4000 riyals", "طلب 200 ريال": a number followed by a currency or a unit is an
// amount, not an order number.
const AMOUNT_AFTER = new RegExp(
  `^\\s*(?:sar|aed|kwd|qar|bhd|omr|sr|riyals?|dirhams?|dinars?|rials?|days?|hours?|items?|%|${ar(['ريال', 'ريالات', 'رس', 'درهم', 'دراهم', 'دينار', 'يوم', 'ايام', 'ساعة', 'قطعة'])})(?=$|[^\\p{L}])`,
  'u',
);

// Cancelling or changing an order has no tool: the knowledge base says how, even for one order.
const NOT_A_TOOL_QUESTION = [
  /\b(?:cancel(?:l?ed|l?ing|lation)?|change|modify|edit|amend)\b/,
  new RegExp(
    `(?:${ar(['الغاء', 'الغي', 'ألغي', 'تعديل', 'اعدل', 'أعدل', 'تغيير', 'اغير', 'أغير'])})`,
  ),
];

// The customer's own order: a possessive or "I ordered", in English, MSA and the dialects.
const OWN_ORDER = [
  /\bmy\s+(?:\w+\s+)?(?:orders?|purchases?|packages?|parcels?|shipments?|deliver(?:y|ies)|items?|refunds?|returns?|payments?|money)\b/,
  /\bi\s+(?:ordered|bought|purchased)\b/,
  /\b(?:order|package|parcel)\s+i\s+(?:placed|made|ordered)\b/,
  new RegExp(
    `${AR_START}(?:${ar(['طلبي', 'طلبيتي', 'طلباتي', 'طلبياتي', 'اوردري', 'شحنتي', 'طردي', 'مشترياتي', 'اغراضي', 'غراضي', 'فلوسي', 'مبلغي', 'استردادي'])})${AR_END}`,
  ),
  new RegExp(
    `(?:${ar(['الطلب', 'الطلبية', 'الاوردر', 'الشحنة', 'الطرد', 'طلب', 'طلبية'])})\\s+(?:${ar(['حقي', 'حقتي', 'تبعي', 'تبعتي', 'مالي', 'متاعي', 'الخاص بي', 'اللي طلبته'])})${AR_END}`,
  ),
];

// Questions about how the shop works ("how do I return my order?", "كيف أرجع طلبي؟") are the
// knowledge base's; without an order number, they are not about one order.
const POLICY_QUESTION = [
  /\bhow\s+(?:do|can|does|to|long|much|many|soon)\b/,
  /\b(?:can|could|may)\s+i\b/,
  // "Can you shorten it for free?", "do I get anything extra?", "is there a fee?": the shop's
  // rules, not one order's record; "can you check my order?" still asks for the record.
  /\b(?:can|could|will|would)\s+you\s+(?!(?:please\s+)?(?:check|track|find|look|see|locate|confirm|tell\s+me\s+where)\b)/,
  /\bdo\s+(?:i|we)\s+(?:still\s+)?(?:get|have\s+to|need\s+to|pay)\b/,
  /\b(?:is|are)\s+there\b/,
  // "What are my delivery options?": the shop's choices, not one order's record.
  /\b(?:options|choices|methods)\b/,
  /\bis\s+it\s+possible\b/,
  /\bwhen\s+(?:do|does|can|should|would)\s+(?:i|we|you)\b/,
  /\bwhat\s+does\b.*\bmean\b/,
  // "What is your return window?": "your" is the shop's, whatever the message adds about an order.
  /\bwhat(?:['’]s|\s+(?:is|are))\s+your\b/,
  new RegExp(`(?:${ar(['يعني', 'معنى', 'معني'])})`),
  new RegExp(
    `${AR_START}(?:${ar(['كيف', 'كيفية', 'شلون', 'ممكن', 'يمكن', 'يمكنني', 'اقدر', 'أقدر', 'ينفع', 'يصير', 'كم'])})${AR_END}`,
  ),
];

const TIMING = new RegExp(`\\b(?:when|how long)\\b|(?:${ar(['متى', 'امتى', 'كم يوم', 'مدة'])})`);

// Kinds, the most specific first: "refund for my return" is about the money.
const KINDS: readonly (readonly [OrderIntentKind, readonly RegExp[]])[] = [
  [
    'refund',
    [
      /\b(?:refund(?:s|ed)?|money\s+back|reimburse(?:d|ment)?)\b/,
      new RegExp(`(?:${ar(['استرداد', 'مبلغي', 'فلوسي', 'بيزاتي', 'المبلغ', 'فلوس'])})`),
    ],
  ],
  [
    'return',
    [
      /\b(?:return(?:s|ed|ing)?|send\s+(?:it|them|\w+)?\s*back)\b/,
      new RegExp(
        `(?:${ar(['ارجاع', 'ارجع', 'ارجعه', 'ارجعها', 'رجع', 'استرجاع', 'ترجيع', 'اعيد', 'اعادة'])})`,
      ),
    ],
  ],
  [
    'payment',
    [
      /\b(?:pay(?:ment|ments|ed|ing)?|paid|charged?|billed|invoice)\b/,
      new RegExp(
        `(?:${ar(['دفع', 'الدفع', 'دفعت', 'مدفوع', 'سداد', 'خصم', 'انخصم', 'الفاتورة'])})`,
      ),
    ],
  ],
  [
    'status',
    [
      /\b(?:where|status|track(?:ing)?|arriv(?:e|ed|es|ing|al)|deliver(?:ed|y)?|ship(?:ped|ping)?|when|late|delayed?|eta)\b/,
      new RegExp(
        `(?:${ar(['وين', 'فين', 'وينه', 'فينه', 'حالة', 'تتبع', 'وصل', 'يوصل', 'توصل', 'وصول', 'متى', 'امتى', 'شحن', 'الشحن', 'تاخر', 'متاخر', 'صار', 'التوصيل'])})`,
      ),
    ],
  ],
  [
    'list',
    [
      /\b(?:list|all|show)\b.*\borders\b/,
      new RegExp(`(?:${ar(['طلباتي', 'طلبياتي', 'كل طلباتي'])})`),
    ],
  ],
];

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
 * "when does my refund show up?", "what does out for delivery mean on my order?" stay with the
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
