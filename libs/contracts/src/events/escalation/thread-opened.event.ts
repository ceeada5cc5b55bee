import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { SLACK_REF_MAX_CHARS } from '../../limits.js';

export class ThreadOpenedPayload {
  @IsUUID()
  escalationId!: string;

  @IsIn(['slack', 'console'])
  provider!: 'slack' | 'console';

  @IsString()
  @Length(1, SLACK_REF_MAX_CHARS)
  channel!: string;

  /** Slack's thread timestamp, or the console's thread id. */
  @IsString()
  @Length(1, SLACK_REF_MAX_CHARS)
  threadId!: string;
}

export const ThreadOpened = defineEvent({
  type: 'escalation.thread_opened',
  version: 1,
  payload: ThreadOpenedPayload,
  summary: 'A human handoff thread exists for the conversation (Slack or the admin console).',
});
