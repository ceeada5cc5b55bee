import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import {
  CUSTOMER_ID_MAX_CHARS,
  ERROR_CODE_MAX_CHARS,
  PROVIDER_ERROR_TEXT_MAX_CHARS,
} from '../../limits.js';
import { REPLY_KINDS, type ReplyKind } from '../agent/reply-sent.event.js';

/** The channels that deliver replies outside the gateway's sockets. */
export const DELIVERY_CHANNELS = ['whatsapp'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** A channel provider's error, as it gave it (WhatsApp: `131047`, "Re-engagement message"). */
export class ChannelErrorDto {
  @IsString()
  @Length(1, ERROR_CODE_MAX_CHARS)
  code!: string;

  @IsString()
  @Length(1, PROVIDER_ERROR_TEXT_MAX_CHARS)
  title!: string;

  @IsOptional()
  @IsString()
  @Length(1, PROVIDER_ERROR_TEXT_MAX_CHARS)
  details?: string;
}

/** Which reply a channel's delivery event is about, and whose. */
export class ChannelReplyPayload {
  @IsUUID()
  replyId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  @IsIn(DELIVERY_CHANNELS)
  channel!: DeliveryChannel;

  @IsIn(REPLY_KINDS)
  kind!: ReplyKind;
}
