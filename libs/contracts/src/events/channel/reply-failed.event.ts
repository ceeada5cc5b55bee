import { Type } from 'class-transformer';
import { IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { PROVIDER_MESSAGE_ID_MAX_CHARS } from '../../limits.js';
import { ChannelErrorDto, ChannelReplyPayload } from './channel-error.dto.js';

export class ReplyFailedPayload extends ChannelReplyPayload {
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
