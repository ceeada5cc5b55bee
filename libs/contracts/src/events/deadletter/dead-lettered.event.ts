import { IsIn, IsInt, IsOptional, IsString, Length, Min } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  CONSUMER_NAME_MAX_CHARS,
  DEAD_LETTER_REASON_MAX_CHARS,
  ERROR_CODE_MAX_CHARS,
  EVENT_ID_MAX_CHARS,
  NATS_SUBJECT_MAX_CHARS,
} from '../../limits.js';

export class DeadLetteredPayload {
  /** The durable consumer that gave up. */
  @IsString()
  @Length(1, CONSUMER_NAME_MAX_CHARS)
  consumer!: string;

  @IsString()
  @Length(1, NATS_SUBJECT_MAX_CHARS)
  originalSubject!: string;

  @IsInt()
  @Min(0)
  streamSequence!: number;

  @IsInt()
  @Min(1)
  deliveries!: number;

  /**
   * `invalid`: failed its contract (never retried); `exhausted`: its handler failed
   * BUS_MAX_DELIVER times (dependency outages are waited out and not counted).
   */
  @IsIn(['invalid', 'exhausted'])
  cause!: 'invalid' | 'exhausted';

  @IsString()
  @Length(1, ERROR_CODE_MAX_CHARS)
  errorCode!: string;

  @IsString()
  @Length(1, DEAD_LETTER_REASON_MAX_CHARS)
  reason!: string;

  @IsOptional()
  @IsString()
  @Length(1, EVENT_ID_MAX_CHARS)
  originalEventId?: string;

  /** The original message body, base64, so nothing is lost. */
  @IsString()
  dataBase64!: string;
}

export const DeadLettered = defineEvent({
  type: 'deadletter.recorded',
  version: 1,
  payload: DeadLetteredPayload,
  summary:
    'A message a consumer could not process, with the reason; kept for inspection and replay.',
});
