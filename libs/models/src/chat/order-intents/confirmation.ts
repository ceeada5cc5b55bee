import { normalizeText } from '@support/text';

export type Answer = 'yes' | 'no';

const words = (list: string) => new Set(list.split(' ').map((word) => normalizeText(word)));

const YES = words(
  'yes yeah yep yup sure ok okay confirm confirmed correct proceed start ' +
    'نعم ايوه ايوا إيه أكيد اكيد تمام طيب موافق موافقة ابغى ابغي أبي ابي ابا بدي يب اوكي ماشي ' +
    'يلا ياليت بالتأكيد صح',
);
const NO = words(
  "no nope nah cancel stop not dont don’t don't never " +
    'لا لأ لاء مو مش مب بلاش لاحقا خلاص الغ الغي إلغاء ماابي مابي مابغى ماأبغى',
);
// Words that carry no answer: "yes please, thanks", "لا شكراً".
const FILLER = words(
  'please thanks thank you the a return it that go ahead do شكرا شكراً لو سمحت الله يعطيك العافية',
);

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
  const saidYes =
    found.some((word) => YES.has(word)) || /\b(?:go ahead|do it)\b/.test(found.join(' '));
  return saidYes && rest.length <= 1 ? 'yes' : undefined;
}
