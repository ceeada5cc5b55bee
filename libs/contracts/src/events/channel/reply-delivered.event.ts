import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Length,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { REPLY_MAX_PARTS, TEMPLATE_REF_MAX_CHARS } from '../../limits.js';
import {
  legacyProviderMessageId,
  ProviderMessageRef,
} from '../../personal/provider-message-ref.js';
import { ChannelReplyPayload } from './channel-error.dto.js';

/** An approved message template a reply went out as. */
export class TemplateRefDto {
  @IsString()
  @Length(1, TEMPLATE_REF_MAX_CHARS)
  name!: string;

  @IsString()
  @Length(1, TEMPLATE_REF_MAX_CHARS)
  language!: string;
}

export class ReplyDeliveredPayload extends ChannelReplyPayload {
  /**
   * `message`: as the channel's own messages (split at sentence ends to its limit); `template`:
   * as the approved template, because the customer's 24-hour window had closed.
   */
  @IsIn(['message', 'template'])
  via!: 'message' | 'template';

  /**
   * The messages sent, in order, each as the reference to the provider's id (`wam1.…`, never the
   * id itself): status callbacks name the same references.
   */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(REPLY_MAX_PARTS + 1)
  @ProviderMessageRef({ each: true })
  providerMessageIds!: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => TemplateRefDto)
  template?: TemplateRefDto;

  /** The template's parameter could not hold the whole text: it was cut (marked with "…"). */
  @IsOptional()
  @IsBoolean()
  cut?: boolean;
}

export const ReplyDelivered = defineEvent({
  type: 'channel.reply_delivered',
  version: 2,
  payload: ReplyDeliveredPayload,
  summary:
    "A reply was handed to a customer's channel (WhatsApp): as messages, or as the approved " +
    'template after the 24-hour window closed.',
  // Version 1 carried the provider's ids themselves: handed on as `wam0` (docs/privacy.md).
  upcasters: {
    1: (payload) =>
      Array.isArray(payload.providerMessageIds)
        ? {
            ...payload,
            providerMessageIds: payload.providerMessageIds.map((id: unknown) =>
              typeof id === 'string' ? legacyProviderMessageId(id) : id,
            ),
          }
        : payload,
  },
});
