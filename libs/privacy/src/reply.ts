import type { ReplySentPayload, ValidationVerdictDto } from '@support/contracts';
import { textOrErased } from './opened.js';
import type { PersonalData } from './personal-data.js';

/** The personal fields of a reply (`agent.reply_sent`), in plaintext or sealed. */
export type ReplyPersonalFields = Pick<ReplySentPayload, 'text' | 'draft' | 'validation'>;

async function mapReplyFields(
  fields: ReplyPersonalFields,
  map: (value: string) => Promise<string>,
): Promise<ReplyPersonalFields> {
  const validation = async (verdict: ValidationVerdictDto): Promise<ValidationVerdictDto> => ({
    ...verdict,
    sentences: await Promise.all(
      verdict.sentences.map(async (sentence) => ({
        ...sentence,
        text: await map(sentence.text),
        ...(sentence.problem !== undefined ? { problem: await map(sentence.problem) } : {}),
      })),
    ),
  });
  return {
    text: await map(fields.text),
    ...(fields.draft !== undefined ? { draft: await map(fields.draft) } : {}),
    ...(fields.validation ? { validation: await validation(fields.validation) } : {}),
  };
}

/** A reply's text, draft and verdict sentences sealed under the conversation's customer's key. */
export function sealReply(
  personalData: PersonalData,
  customerId: string,
  fields: ReplyPersonalFields,
): Promise<ReplyPersonalFields> {
  return mapReplyFields(fields, (value) => personalData.sealText(customerId, value));
}

/**
 * The reply as sent: every personal field opened; a forgotten customer's read "[erased]" and
 * `erased` says so (a channel then delivers nothing).
 */
export async function openReply<T extends ReplyPersonalFields>(
  personalData: PersonalData,
  payload: T,
): Promise<T & { readonly erased: boolean }> {
  let erased = false;
  const opened = await mapReplyFields(payload, async (value) => {
    const text = await personalData.openText(value);
    if (text.kind === 'erased') erased = true;
    return textOrErased(text);
  });
  return { ...payload, ...opened, erased };
}
