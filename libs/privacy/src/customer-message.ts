import type { AttachmentDto, MessageReceivedPayload } from '@support/contracts';
import { textOrErased } from './opened.js';
import type { PersonalData } from './personal-data.js';

/** What a customer sent, in plaintext: the text, and each photo's name and bytes in base64. */
export interface PlainCustomerMessage {
  readonly text: string;
  readonly attachments: readonly AttachmentDto[];
}

/** The message's personal fields sealed under the customer's key, for `message_received`. */
export async function sealCustomerMessage(
  personalData: PersonalData,
  customerId: string,
  message: PlainCustomerMessage,
): Promise<Pick<MessageReceivedPayload, 'text' | 'attachments'>> {
  return {
    text: await personalData.sealText(customerId, message.text),
    attachments: await Promise.all(
      message.attachments.map(async (attachment) => ({
        ...attachment,
        fileName: await personalData.sealText(customerId, attachment.fileName),
        dataBase64: await personalData.sealBytes(
          customerId,
          Buffer.from(attachment.dataBase64, 'base64'),
        ),
      })),
    ),
  };
}

/**
 * The message as the customer sent it, or as much as is left of it: a forgotten customer's text
 * and file names read "[erased]", and their photos are gone (`erased` says something was).
 */
export async function openCustomerMessage(
  personalData: PersonalData,
  payload: Pick<MessageReceivedPayload, 'text' | 'attachments'>,
): Promise<PlainCustomerMessage & { readonly erased: boolean }> {
  const text = await personalData.openText(payload.text);
  const attachments: AttachmentDto[] = [];
  let erased = text.kind === 'erased';
  for (const attachment of payload.attachments) {
    const data = await personalData.openBytes(attachment.dataBase64);
    if (data.kind === 'erased') {
      erased = true;
      continue;
    }
    attachments.push({
      ...attachment,
      fileName: textOrErased(await personalData.openText(attachment.fileName)),
      dataBase64: data.value.toString('base64'),
    });
  }
  return { text: textOrErased(text), attachments, erased };
}
