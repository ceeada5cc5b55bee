import { IsInt, IsOptional, IsString, IsUUID, Length, Min } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  CONSUMER_NAME_MAX_CHARS,
  EVENT_ID_MAX_CHARS,
  NATS_SUBJECT_MAX_CHARS,
} from '../../limits.js';

export class DeadLetterRedrivenPayload {
  /** The `deadletter.recorded` event that was re-driven. */
  @IsUUID()
  deadLetterId!: string;

  /** The durable consumer that gets the message again; no other consumer handles the copy. */
  @IsString()
  @Length(1, CONSUMER_NAME_MAX_CHARS)
  consumer!: string;

  @IsString()
  @Length(1, NATS_SUBJECT_MAX_CHARS)
  originalSubject!: string;

  /** Stream sequence of the message that was dead-lettered. */
  @IsInt()
  @Min(0)
  streamSequence!: number;

  /** Stream sequence of the copy published for the consumer (its bytes are the original's). */
  @IsInt()
  @Min(1)
  redriveSequence!: number;

  @IsOptional()
  @IsString()
  @Length(1, EVENT_ID_MAX_CHARS)
  originalEventId?: string;
}

export const DeadLetterRedriven = defineEvent({
  type: 'deadletter.redriven',
  version: 1,
  payload: DeadLetterRedrivenPayload,
  summary:
    'A dead-lettered message delivered again to the consumer that gave up on it (`cli deadletters redrive`).',
});
