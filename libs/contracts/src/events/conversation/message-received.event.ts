import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBase64,
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

  @IsString()
  @Length(1, ATTACHMENT_FILE_NAME_MAX_CHARS)
  fileName!: string;

  @IsInt()
  @Min(1)
  @Max(ATTACHMENT_MAX_BYTES)
  sizeBytes!: number;

  @Matches(/^[0-9a-f]{64}$/)
  sha256!: string;

  @IsBase64()
  dataBase64!: string;
}

export class MessageReceivedPayload {
  @IsUUID()
  messageId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /** May be empty when the message is only an attachment. */
  @IsString()
  @Length(0, MESSAGE_MAX_CHARS)
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

export const MessageReceived = defineEvent({
  type: 'conversation.message_received',
  version: 1,
  payload: MessageReceivedPayload,
  summary: 'A customer sent a message (and optionally photos); starts a turn.',
});
