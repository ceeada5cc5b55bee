import { normalizeText } from '@support/text';

// English: a verb of contact followed by someone human ("talk to a human", "connect me with an
// agent", "I want a real person"), or the whole message being such a word ("agent please").
const WHO =
  '(?:humans?|person|people|agent|representative|rep|someone|somebody|staff|operator|manager|supervisor|customer (?:service|support|care)|support team)';
const FILLER = '(?:(?:a|an|the|some|your|one of your|real|actual|live)\\s+)*';
const ENGLISH = [
  new RegExp(`\\b(?:talk|speak|chat)\\s+(?:to|with)\\s+${FILLER}${WHO}\\b`),
  new RegExp(
    `\\b(?:connect|transfer|put|pass|forward)\\s+me\\s+(?:to|with|through to|on to)\\s+${FILLER}${WHO}\\b`,
  ),
  /\b(?:want|need|get me|give me|request|prefer)\s+(?:(?:to\s+(?:talk|speak)\s+to\s+)?(?:a|an)\s+)?(?:(?:real|live|actual)\s+)?(?:human|person|agent|representative|operator|manager|supervisor)\b/,
  /\b(?:real|live|actual)\s+(?:human|person|agent)\b/,
  /\bescalate\b/,
  /^\s*(?:a\s+)?(?:human|agent|representative|operator|real person)(?:\s+please)?\s*[.!?]*\s*$/,
];
// "the delivery agent", "the courier person": about the parcel, not a request for us.
const NOT_US = /\b(?:delivery|courier|shipping|sales)\s+(?:agent|person|guy|man)\b/g;

// Arabic, after normalisation (أ إ آ → ا, ة → ه, ى → ي, ؤ → و): a verb of contact or wanting and
// a word for a human, or a short message that is only such a word ("موظف لو سمحت").
const ARABIC_VERBS = new Set(
  (
    'كلم اكلم كلمني كلموني يكلمني تكلم اتكلم نتكلم التكلم تحدث اتحدث التحدث احكي احچي ' +
    'حولني حولوني تحولني وصلني توصلني اتواصل تواصل التواصل اريد ابي ابغي بدي عايز عاوز ودي ابا'
  ).split(' '),
);
const ARABIC_HUMANS = new Set(
  'موظف موظفه موظفين بشري بشر انسان ممثل مسوول مشرف مدير حد شخص'.split(' '),
);
const ARABIC_PHRASES = ['خدمه العملاء', 'فريق الدعم', 'شخص حقيقي', 'انسان حقيقي'];
const ARABIC_PREFIXES = ['', 'ال', 'و', 'ب', 'ل', 'وال', 'بال', 'لل', 'ف'];
const SHORT_ONLY = new Set(['موظف', 'بشري', 'انسان', 'ممثل', 'مسوول', 'مشرف']);
const POLITE = new Set(['لو', 'سمحت', 'من', 'فضلك', 'ارجوك', 'رجاء', 'please', 'pls', 'يا']);

function hasWord(words: readonly string[], vocabulary: ReadonlySet<string>): boolean {
  return words.some((word) =>
    ARABIC_PREFIXES.some(
      (prefix) => word.startsWith(prefix) && vocabulary.has(word.slice(prefix.length)),
    ),
  );
}

/**
 * Whether a customer message asks for a human: "talk to a human/agent/person", "connect me to
 * customer service", "أريد التحدث مع موظف", "كلموني بشري", "ابي اكلم خدمة العملاء", also mixed
 * ("I want to talk to موظف"). Deterministic word rules, tuned to miss rather than to fire on a
 * question that only mentions a person ("the delivery agent did not come").
 */
export function asksForHuman(text: string): boolean {
  const normalised = normalizeText(text).replace(NOT_US, ' ');
  if (ENGLISH.some((pattern) => pattern.test(normalised))) return true;
  const words = normalised.match(/[\p{L}\p{N}]+/gu) ?? [];
  const arabicHuman =
    hasWord(words, ARABIC_HUMANS) || ARABIC_PHRASES.some((phrase) => normalised.includes(phrase));
  const englishVerb = /\b(?:talk|speak|chat|connect|transfer|want|need)\b/.test(normalised);
  const englishHuman = /\b(?:human|person|agent|representative)\b/.test(normalised);
  const arabicVerb = hasWord(words, ARABIC_VERBS);
  if ((arabicVerb || englishVerb) && arabicHuman) return true;
  if (arabicVerb && englishHuman) return true;
  const content = words.filter((word) => !POLITE.has(word));
  return content.length === 1 && hasWord(content, SHORT_ONLY);
}
