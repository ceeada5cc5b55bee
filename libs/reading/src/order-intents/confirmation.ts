import { alternatives, wordSet } from '@support/language';
import { normalizeText } from '@support/text';

export type Answer = 'yes' | 'no';

// The packs' reply lists (libs/language lang/en and lang/ar conversation.yaml), folded.
const YES = wordSet('reply.yes');
const NO = wordSet('reply.no');
// Words that carry no answer: "yes please, thanks", "لا شكراً".
const FILLER = wordSet('reply.filler');
const YES_PHRASE = new RegExp(`\\b(?:${alternatives('reply.yes_phrases')})\\b`);

const WORD = /[\p{L}\p{M}\p{N}'’]+/gu;

/**
 * The customer's answer to a yes/no question ("Shall I start a return of ...?"), English or Arabic
 * (MSA and dialects): 'yes', 'no', or undefined when the message says more than an answer
 * (a new question) or both. A "no" anywhere wins over a "yes": "yes, no wait" does not start
 * anything.
 */
export function answerOf(message: string): Answer | undefined {
  const found = [...normalizeText(message).matchAll(WORD)].map(([word]) => word);
  if (found.length === 0 || found.length > 8) return undefined;
  if (found.some((word) => NO.has(word))) return 'no';
  const rest = found.filter((word) => !YES.has(word) && !FILLER.has(word));
  const saidYes = found.some((word) => YES.has(word)) || YES_PHRASE.test(found.join(' '));
  return saidYes && rest.length <= 1 ? 'yes' : undefined;
}
