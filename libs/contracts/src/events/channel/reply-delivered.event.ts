import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  Length,
  IsOptional,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  PROVIDER_MESSAGE_ID_MAX_CHARS,
  REPLY_MAX_PARTS,
  TEMPLATE_REF_MAX_CHARS,
} from '../../limits.js';
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

  /** The provider's ids of the messages sent, in order: status callbacks name them. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(REPLY_MAX_PARTS + 1)
  @IsString({ each: true })
  @Length(1, PROVIDER_MESSAGE_ID_MAX_CHARS, { each: true })
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
  version: 1,
  payload: ReplyDeliveredPayload,
  summary:
    "A reply was handed to a customer's channel (WhatsApp): as messages, or as the approved " +
    'template after the 24-hour window closed.',
});
