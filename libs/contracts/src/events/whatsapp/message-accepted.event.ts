import { Type } from 'class-transformer';
import {
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  CUSTOMER_ID_MAX_CHARS,
  OPTION_ID_MAX_CHARS,
  OPTION_TITLE_MAX_CHARS,
  PROVIDER_MESSAGE_ID_MAX_CHARS,
  WHATSAPP_TEXT_MAX_CHARS,
} from '../../limits.js';
import { PersonalText } from '../../personal/personal-field.js';
import { legacyPlain } from '../../personal/sealed-format.js';
import {
  legacyProviderMessageId,
  ProviderMessageRef,
} from '../../personal/provider-message-ref.js';

/** What kind of WhatsApp message it was, as far as the assistant can read it. */
export const WHATSAPP_MESSAGE_KINDS = ['text', 'image', 'choice', 'unsupported'] as const;
export type WhatsAppMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

/** A photo still on Meta's servers: fetched through the media endpoint when the message is read. */
export class WhatsAppMediaDto {
  @IsString()
  @Length(1, PROVIDER_MESSAGE_ID_MAX_CHARS)
  mediaId!: string;

  /** As the webhook declared it; the bytes are checked against the allowed types when fetched. */
  @IsString()
  @Length(1, 128)
  mimeType!: string;
}

/** A reply button tapped (or a list row chosen): the id the button was sent with, and its label. */
export class WhatsAppChoiceDto {
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  optionId!: string;

  @IsString()
  @Length(1, OPTION_TITLE_MAX_CHARS)
  title!: string;
}

export class WhatsAppMessageAcceptedPayload {
  /** The id its `conversation.message_received` will carry (derived from `providerMessageId`). */
  @IsUUID()
  messageId!: string;

  /** The shop's customer when the number matched one, else the number's own customer id. */
  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /**
   * The reference to WhatsApp's message id (`wam1.…`), never the `wamid.…` itself, which encodes
   * the customer's number: Meta's retries carry the same id, so they get the same reference.
   */
  @ProviderMessageRef()
  providerMessageId!: string;

  /** When the customer sent it (the webhook's timestamp): the 24-hour window starts there. */
  @IsISO8601({ strict: true })
  sentAt!: string;

  @IsIn(WHATSAPP_MESSAGE_KINDS)
  kind!: WhatsAppMessageKind;

  /**
   * The text, or a photo's caption; as sent (the limits are applied when it is read), sealed under
   * the customer's key (personal).
   */
  @IsOptional()
  @PersonalText({ maxChars: WHATSAPP_TEXT_MAX_CHARS })
  text?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => WhatsAppMediaDto)
  media?: WhatsAppMediaDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => WhatsAppChoiceDto)
  choice?: WhatsAppChoiceDto;

  /** WhatsApp's type of a message the assistant cannot read (audio, sticker, location…). */
  @IsOptional()
  @IsString()
  @Length(1, 64)
  unsupportedType?: string;
}

export const WhatsAppMessageAccepted = defineEvent({
  type: 'whatsapp.message_accepted',
  version: 3,
  payload: WhatsAppMessageAcceptedPayload,
  summary:
    'A signed WhatsApp webhook brought a customer message; it is read (photo fetched, limits ' +
    'applied) and becomes conversation.message_received, or a notice to the customer. The text ' +
    'is personal: sealed under the customer’s key.',
  // Version 1 carried the text in plaintext: handed on as `pd0`; versions 1 and 2 carried
  // WhatsApp's id itself: handed on as `wam0` (docs/privacy.md, old events).
  upcasters: {
    1: (payload) =>
      typeof payload.text === 'string' ? { ...payload, text: legacyPlain(payload.text) } : payload,
    2: (payload) =>
      typeof payload.providerMessageId === 'string'
        ? { ...payload, providerMessageId: legacyProviderMessageId(payload.providerMessageId) }
        : payload,
  },
});
