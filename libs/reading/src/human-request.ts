import { alternatives, wordList, words, wordSet } from '@support/language';
import { normalizeText } from '@support/text';

// The packs' human lists (libs/language lang/en and lang/ar conversation.yaml), folded as the
// message is (أ إ آ → ا, ة → ه, ى → ي, ؤ → و).
const en = (list: string) => alternatives(list, { script: 'latin' });

// English: a verb of contact followed by someone human ("talk to a human", "connect me with an
// agent", "I want a real person"), or the whole message being such a word ("agent please").
const WHO = `(?:${en('human.people')})`;
const FILLER = `(?:(?:${alternatives('human.filler')})\\s+)*`;
const ENGLISH = [
  new RegExp(
    `\\b(?:${alternatives('human.contact_verbs')})\\s+(?:${alternatives('human.contact_prepositions')})\\s+${FILLER}${WHO}\\b`,
  ),
  new RegExp(
    `\\b(?:${alternatives('human.transfer_verbs')})\\s+me\\s+(?:${alternatives('human.transfer_prepositions')})\\s+${FILLER}${WHO}\\b`,
  ),
  ...wordList('human.asks').patterns.map((pattern) => new RegExp(pattern)),
];
// "the delivery agent", "the courier person": about the parcel, not a request for us.
const NOT_US = new RegExp(alternatives('human.not_us'), 'g');
const ENGLISH_VERB = new RegExp(`\\b(?:${alternatives('human.mixed_verbs')})\\b`);
const ENGLISH_HUMAN = new RegExp(`\\b(?:${alternatives('human.mixed_people')})\\b`);

// Arabic: a verb of contact or wanting and a word for a human, or a short message that is only
// such a word ("موظف لو سمحت"), each word as written or with a prefix.
const ARABIC_VERBS = wordSet('human.verbs');
const ARABIC_HUMANS = wordSet('human.people', 'arabic');
const ARABIC_PHRASES = words('human.phrases');
const ARABIC_PREFIXES = ['', ...words('human.prefixes')];
const SHORT_ONLY = wordSet('human.alone');
const POLITE = wordSet('human.polite');

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
  const englishVerb = ENGLISH_VERB.test(normalised);
  const englishHuman = ENGLISH_HUMAN.test(normalised);
  const arabicVerb = hasWord(words, ARABIC_VERBS);
  if ((arabicVerb || englishVerb) && arabicHuman) return true;
  if (arabicVerb && englishHuman) return true;
  const content = words.filter((word) => !POLITE.has(word));
  return content.length === 1 && hasWord(content, SHORT_ONLY);
}
