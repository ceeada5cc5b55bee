import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  legacyProviderMessageId,
  ProviderMessageRef,
} from '../../personal/provider-message-ref.js';
import { ChannelErrorDto, ChannelReplyPayload } from './channel-error.dto.js';

export class ReplyFailedPayload extends ChannelReplyPayload {
  /** The provider's refusal (sent back at once, or in a `failed` status callback later). */
  @ValidateNested()
  @Type(() => ChannelErrorDto)
  error!: ChannelErrorDto;

  /**
   * The message that failed, when the provider had accepted it first: the reference to the
   * provider's id (`wam1.…`), never the id itself, which may encode the customer's number.
   */
  @IsOptional()
  @ProviderMessageRef()
  providerMessageId?: string;
}

export const ReplyFailed = defineEvent({
  type: 'channel.reply_failed',
  version: 2,
  payload: ReplyFailedPayload,
  summary:
    'A reply could not reach the customer on their channel (provider refusal, the 24-hour ' +
    'window closed with no template): recorded and told to the handoff thread, never dropped.',
  // Version 1 carried the provider's id itself: handed on as `wam0` (docs/privacy.md).
  upcasters: {
    1: (payload) =>
      typeof payload.providerMessageId === 'string'
        ? { ...payload, providerMessageId: legacyProviderMessageId(payload.providerMessageId) }
        : payload,
  },
});
