import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length, ValidateNested } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CUSTOMER_ID_MAX_CHARS, PROVIDER_MESSAGE_ID_MAX_CHARS } from '../../limits.js';
import { REPLY_KINDS, type ReplyKind } from '../agent/reply-sent.event.js';
import { ChannelErrorDto, DELIVERY_CHANNELS, type DeliveryChannel } from './channel-error.dto.js';

export class ReplyFailedPayload {
  @IsUUID()
  replyId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  @IsIn(DELIVERY_CHANNELS)
  channel!: DeliveryChannel;

  @IsIn(REPLY_KINDS)
  kind!: ReplyKind;

  /** The provider's refusal (sent back at once, or in a `failed` status callback later). */
  @ValidateNested()
  @Type(() => ChannelErrorDto)
  error!: ChannelErrorDto;

  /** The message that failed, when the provider had accepted it first. */
  @IsOptional()
  @IsString()
  @Length(1, PROVIDER_MESSAGE_ID_MAX_CHARS)
  providerMessageId?: string;
}

export const ReplyFailed = defineEvent({
  type: 'channel.reply_failed',
  version: 1,
  payload: ReplyFailedPayload,
  summary:
    'A reply could not reach the customer on their channel (provider refusal, the 24-hour ' +
    'window closed with no template): recorded and told to the handoff thread, never dropped.',
});
