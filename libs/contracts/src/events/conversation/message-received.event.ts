import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MAX_BYTES,
  CLIENT_MESSAGE_ID_MAX_CHARS,
  CUSTOMER_ID_MAX_CHARS,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
} from '../../limits.js';
import { legacyPlain } from '../../personal/sealed-format.js';
import { PersonalBytes, PersonalText } from '../../personal/personal-field.js';
import { ChoiceDto } from './choice.dto.js';

/** Where a customer wrote from: the web chat, WhatsApp, or the operator's CLI (`ask`, `eval`). */
export const MESSAGE_CHANNELS = ['web', 'cli', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export class AttachmentDto {
  @IsUUID()
  attachmentId!: string;

  @IsIn(ATTACHMENT_MIME_TYPES)
  mimeType!: (typeof ATTACHMENT_MIME_TYPES)[number];

  /** Personal: sealed under the customer's key. */
  @PersonalText({ maxChars: ATTACHMENT_FILE_NAME_MAX_CHARS })
  fileName!: string;

  @IsInt()
  @Min(1)
  @Max(ATTACHMENT_MAX_BYTES)
  sizeBytes!: number;

  @Matches(/^[0-9a-f]{64}$/)
  sha256!: string;

  /** The photo's bytes, sealed under the customer's key (personal). */
  @PersonalBytes({ maxBytes: ATTACHMENT_MAX_BYTES })
  dataBase64!: string;
}

export class MessageReceivedPayload {
  @IsUUID()
  messageId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /** What the customer wrote, sealed under their key (personal); empty text when only a photo. */
  @PersonalText({ maxChars: MESSAGE_MAX_CHARS })
  text!: string;

  @IsArray()
  @ArrayMaxSize(MESSAGE_MAX_ATTACHMENTS)
  @ValidateNested({ each: true })
  @Type(() => AttachmentDto)
  attachments!: AttachmentDto[];

  @IsIn(MESSAGE_CHANNELS)
  channel!: MessageChannel;

  /** The id the client gave the message, echoed back in the ack so it can match them. */
  @IsOptional()
  @IsString()
  @Length(1, CLIENT_MESSAGE_ID_MAX_CHARS)
  clientMessageId?: string;

  /**
   * The option of an earlier reply this message chose (its `options`); `text` is then the
   * option's title, so a reader that ignores choices still sees what the customer picked.
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => ChoiceDto)
  choice?: ChoiceDto;

  /** The knowledge-base namespace to answer from (evaluation runs); unset = the agent's default. */
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  kbNamespace?: string;
}

/**
 * Version 1 carried the text, file names and photo bytes in plaintext; version 2 seals them. An old
 * event's plaintext is handed on wrapped as `pd0` (readable by `PersonalData.open*`, never
 * publishable); forgetting its customer cannot erase it from the log, only from what is built
 * from it (docs/privacy.md).
 */
function sealedFieldsOfVersion1(payload: Record<string, unknown>): Record<string, unknown> {
  const attachments = (payload.attachments as Record<string, unknown>[] | undefined) ?? [];
  return {
    ...payload,
    text: legacyPlain(String(payload.text ?? '')),
    attachments: attachments.map((attachment) => ({
      ...attachment,
      fileName: legacyPlain(String(attachment.fileName ?? '')),
      dataBase64: legacyPlain(String(attachment.dataBase64 ?? '')),
    })),
  };
}

export const MessageReceived = defineEvent({
  type: 'conversation.message_received',
  version: 2,
  payload: MessageReceivedPayload,
  summary:
    'A customer sent a message (and optionally photos); starts a turn. Text, file names and ' +
    'photos are personal: sealed under the customer’s key.',
  upcasters: { 1: sealedFieldsOfVersion1 },
});
