import type { EscalationRaisedPayload } from '@support/contracts';
import { textOrErased } from './opened.js';
import type { PersonalData } from './personal-data.js';

/** The personal fields of `escalation.raised`, in plaintext. */
export type PlainEscalationFields = Pick<
  EscalationRaisedPayload,
  'question' | 'transcript' | 'ordersMentioned'
>;

/** The escalation's question, transcript lines and orders sealed under the customer's key. */
export async function sealEscalationFields(
  personalData: PersonalData,
  customerId: string,
  fields: PlainEscalationFields,
): Promise<PlainEscalationFields> {
  const seal = (text: string) => personalData.sealText(customerId, text);
  return {
    question: await seal(fields.question),
    transcript: await Promise.all(
      fields.transcript.map(async (line) => ({ ...line, text: await seal(line.text) })),
    ),
    ordersMentioned: await Promise.all(fields.ordersMentioned.map(seal)),
  };
}

/**
 * The escalation as a person reads it: its personal fields opened, "[erased]" for a forgotten
 * customer's (an erased order is left out: it names nothing any more).
 */
export async function openEscalation<T extends PlainEscalationFields>(
  personalData: PersonalData,
  payload: T,
): Promise<T & { readonly erased: boolean }> {
  const question = await personalData.openText(payload.question);
  const orders = await Promise.all(payload.ordersMentioned.map((o) => personalData.openText(o)));
  return {
    ...payload,
    question: textOrErased(question),
    transcript: await Promise.all(
      payload.transcript.map(async (line) => ({
        ...line,
        text: textOrErased(await personalData.openText(line.text)),
      })),
    ),
    ordersMentioned: orders.flatMap((o) => (o.kind === 'open' ? [o.value] : [])),
    erased: question.kind === 'erased',
  };
}
