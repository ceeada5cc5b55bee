import type { EscalationReason } from '@support/contracts';
import type { LocalisedText } from './localised-text.js';

/**
 * The fixed texts of the forced escalation. The model never writes or sees them: the customer gets
 * exactly these words (and when to expect a colleague) when a check routes the turn to a human.
 */
export const ABSTENTION: LocalisedText = {
  en: "I'm not able to answer that with certainty, so I've passed your question to a colleague, who will reply here.",
  ar: 'لا أستطيع الإجابة عن هذا بشكل مؤكد، لذلك أحلت سؤالك إلى أحد زملائي وسيرد عليك هنا.',
};

/** The customer asked for a person (or the model handed over): say that one is being fetched. */
export const HANDOFF_REQUESTED: LocalisedText = {
  en: "I'm getting a colleague from our team for you; they will reply here.",
  ar: 'أستدعي لك أحد زملائي من فريقنا، وسيرد عليك هنا.',
};

/** Asking for a person is not a failure to answer: the customer hears that one is on the way. */
export function handoffText(reason: EscalationReason): LocalisedText {
  return reason === 'agent_requested' ? HANDOFF_REQUESTED : ABSTENTION;
}
