import {
  contentTerms,
  expandEnglishShorthand,
  normalizeArabicDialect,
  normalizeText,
} from '@support/text';

/** What a question asks for, which decides what a sentence must contain to answer it. */
export type QuestionType =
  'duration' | 'amount' | 'place' | 'procedure' | 'options' | 'yes_no' | 'other';

// Checked in this order: "how long does a free return take?" asks for a duration, "is delivery
// free?" and "when is delivery free?" for an amount, "how do I return?" for a procedure. Arabic patterns are written folded
// (ا for أ/إ/آ, ه for ة, ي for ى), after dialect words became their standard forms.
const CUES: readonly [Exclude<QuestionType, 'other'>, RegExp][] = [
  [
    'duration',
    /\bhow long\b|\b(?:return|exchange|refund|cancellation)s? (?:window|period)\b|\bhow (?:many|much) (?:more )?(?:\w+ )?(?:days?|hours?|weeks?|months?|years?|time)\b|\bhow soon\b|\bhow quickly\b|\bhow fast\b|\bwhat time\b|\bdeadline\b|كم (?:يوم|ايام|ساعه|ساعات|اسبوع|اسابيع|شهر|سنه|من الوقت|مده|وقت)|(?:^|\s)(?:المده|مده|مدته|مدتها|مدتهم|خلال كم)(?:\s|$)|كم يستغرق|كم ياخذ|(?:بعد|في|خلال) قد ماذا/,
  ],
  [
    'amount',
    /\bhow much\b|\bcosts?\b|\bprices?\b|\bfees?\b|\bcharges?\b|\bfree\b|\bpay extra\b|\bminimum\b|\bmaximum\b|(?:^|\s)بكم(?:\s|$)|كم (?:سعر|رسوم|تكلف|يكلف|تكلفه|المبلغ|ريال|درهم)|(?:^|\s)(?:سعر|رسوم|تكلفه|مجاني|مجانا|مجانيا|الحد الادني|الحد الاقصي)(?:\s|$)/,
  ],
  // "When" asks for a time unless the question is about a price: "when is delivery free?" asks
  // on what terms, and an amount answers it.
  ['duration', /\bwhen (?:will|would|does|do|did|can|could|is|are|should)\b|(?:^|\s)متي(?:\s|$)/],
  [
    'place',
    /\bwhere\b|\bwhich (?:cities|city|countries|country|areas?|regions?|branch(?:es)?|stores?|address)\b|\bwhat (?:cities|countries|areas|address)\b|(?:^|\s)اين(?:\s|$)|(?:اي|ما) (?:مدينه|مدن|دول|دوله|مناطق|منطقه|فرع|فروع|عنوان)/,
  ],
  [
    'procedure',
    /\bhow (?:do|can|should|would|could) (?:i|we|you)\b|\bhow to\b|\bwhat (?:are the )?steps\b|\bwhat (?:should|do) i (?:need to )?do\b|\bprocess\b|\bprocedure\b|(?:^|\s)كيف(?:\s|$)|ماذا (?:يجب (?:ان )?)?(?:افعل|نفعل)|ما الخطوات|ما هي الخطوات|الطريقه|طريقه/,
  ],
  [
    'options',
    /\bwhich\b|\bwhat (?:kinds?|types?|ways?|options?|methods?|payment methods?|sizes?|colou?rs?)\b|\bwhat .* (?:accept|offer|support)\b|\boptions\b|(?:^|\s)(?:ما|ماذا) (?:هي )?(?:طرق|انواع|خيارات|الخيارات|وسائل)|(?:^|\s)اي(?:\s|$)/,
  ],
  [
    'yes_no',
    /^(?:can|could|do|does|did|is|are|was|were|will|would|may|might|should|shall|have|has|am)\b|\b(?:is it possible|am i able|is there|are there)\b|(?:^|\s)هل(?:\s|$)|^(?:يمكن|يمكنني|استطيع|نستطيع)(?:\s|$)/,
  ],
];

// A sum of money named in the message ("75 دينار", "30 KWD"), in the cues' folded text.
const NAMED_SUM =
  /\d[\d,.]*\s*(?:sar|aed|kwd|qar|bhd|omr|usd|riyals?|dirhams?|dinars?|ريال|درهم|دينار|جنيه)(?:\s|$)|(?:sar|aed|kwd|qar|bhd|omr|usd|\$)\s*\d/;

/**
 * The text the cues read: lowercase, chat shorthand written out, Arabic folded, dialect words as
 * their standard forms, punctuation as spaces.
 */
export function questionText(question: string): string {
  return normalizeText(normalizeArabicDialect(expandEnglishShorthand(question)))
    .replace(/[^\p{L}\p{N}\s']+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a question asks for, in English or Arabic (Gulf, Levantine and Egyptian question words
 * included): a duration ("how long", "متى", "كم يوم"), an amount ("how much", "بكم"), a place
 * ("where", "وين"), a procedure ("how do I", "شلون"), a choice among options ("which", "ما هي
 * طرق"), a yes/no policy ("can I", "هل", "ينفع"); otherwise `other`.
 */
export function detectQuestionType(question: string): QuestionType {
  const text = questionText(question);
  const type = CUES.find(([, cue]) => cue.test(text))?.[0] ?? 'other';
  // "I want a 75 dinar gift card", "can I pay a 4000 riyal order in cash?": a message that names
  // a sum asks whether the sum is within a limit, which only a sentence with an amount settles.
  if ((type === 'other' || type === 'yes_no') && NAMED_SUM.test(text)) return 'amount';
  return type;
}

// A second question inside the message: "..., and how long does it take?", "؟ و كم ...".
const SECOND_QUESTION =
  /(?:[,;?]\s*|\s)(?:and|also|plus)\s+(?=(?:how|what|when|where|which|who|can|could|do|does|is|are|will)\b)|[?؟]\s+(?=\S)|(?:\s|،)و\s?(?=(?:كم|متي|اين|كيف|هل|ما|ماذا|بكم)(?:\s|$))/;

/**
 * The parts of a message that asks two things ("Do you ship to Bahrain and how long does it
 * take?"), or the message alone. Never more than two parts.
 */
export function questionParts(question: string): string[] {
  const text = normalizeArabicDialect(question);
  const match = SECOND_QUESTION.exec(text);
  if (match === null) return [question];
  const first = text.slice(0, match.index).trim();
  const second = text.slice(match.index + match[0].length).trim();
  if (!/[\p{L}\p{N}]/u.test(first) || !/[\p{L}\p{N}]/u.test(second)) return [question];
  return [first, second];
}

// The words that say what kind of fact is asked for rather than what about: "how many days",
// "the return window", "what payment methods". The kind check stands for them.
const KIND_WORDS: Readonly<Record<QuestionType, string>> = {
  duration:
    'day days hour hours week weeks month months year years time window period deadline soon quick quickly fast يوم ايام ساعة ساعات اسبوع اسابيع شهر سنة مدة المدة وقت الوقت فترة يستغرق تستغرق ياخذ تاخذ',
  amount:
    'cost costs price prices fee fees charge charges much amount free extra additional سعر السعر رسوم الرسوم تكلفة مجاني مجانا إضافية إضافي اضافية اضافي',
  place: 'place location مكان',
  procedure: 'step steps process procedure way خطوات الخطوات طريقة',
  options: 'option options method methods kind kinds type types خيارات طرق انواع',
  yes_no: '',
  other: '',
};

/** The content terms that name the kind of fact a question of this type asks for. */
export function kindTerms(type: QuestionType): Set<string> {
  return contentTerms(KIND_WORDS[type]);
}
