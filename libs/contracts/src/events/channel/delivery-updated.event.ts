import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CUSTOMER_ID_MAX_CHARS } from '../../limits.js';
import {
  legacyProviderMessageId,
  ProviderMessageRef,
} from '../../personal/provider-message-ref.js';
import { ChannelErrorDto, DELIVERY_CHANNELS, type DeliveryChannel } from './channel-error.dto.js';

/** WhatsApp's message statuses (`played`: a voice message was played). */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed', 'played'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export class DeliveryUpdatedPayload {
  @IsIn(DELIVERY_CHANNELS)
  channel!: DeliveryChannel;

  /**
   * The message the status is about, as the reference to the provider's id (`wam1.…`, never the
   * id itself): the reference `channel.reply_delivered` listed when it was sent.
   */
  @ProviderMessageRef()
  providerMessageId!: string;

  @IsIn(DELIVERY_STATUSES)
  status!: DeliveryStatus;

  /** When the provider saw it happen. */
  @IsISO8601({ strict: true })
  at!: string;

  /** The reply the message carried, when it was one this system sent. */
  @IsOptional()
  @IsUUID()
  replyId?: string;

  @IsOptional()
  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => ChannelErrorDto)
  errors?: ChannelErrorDto[];
}

export const DeliveryUpdated = defineEvent({
  type: 'channel.delivery_updated',
  version: 2,
  payload: DeliveryUpdatedPayload,
  summary:
    "A channel's status callback for a message sent to a customer (sent, delivered, read, " +
    'failed): recorded, never answered.',
  // Version 1 carried the provider's id itself: handed on as `wam0` (docs/privacy.md).
  upcasters: {
    1: (payload) =>
      typeof payload.providerMessageId === 'string'
        ? { ...payload, providerMessageId: legacyProviderMessageId(payload.providerMessageId) }
        : payload,
  },
});
