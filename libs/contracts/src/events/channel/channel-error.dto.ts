import { IsOptional, IsString, Length } from 'class-validator';
import { ERROR_CODE_MAX_CHARS, PROVIDER_ERROR_TEXT_MAX_CHARS } from '../../limits.js';

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
