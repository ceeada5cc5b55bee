import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import {
  ADMIN_ID_MAX_CHARS,
  ADMIN_REPLY_MAX_CHARS,
  EXTERNAL_REPLY_ID_MAX_CHARS,
} from '../../limits.js';

export class AdminRepliedPayload {
  @IsUUID()
  escalationId!: string;

  @IsIn(['slack', 'console'])
  provider!: 'slack' | 'console';

  @IsString()
  @Length(1, ADMIN_ID_MAX_CHARS)
  adminId!: string;

  /** Sent to the customer verbatim. */
  @IsString()
  @Length(1, ADMIN_REPLY_MAX_CHARS)
  text!: string;

  /** The provider's id of the reply (Slack event id), so a retried delivery replies once. */
  @IsString()
  @Length(1, EXTERNAL_REPLY_ID_MAX_CHARS)
  externalId!: string;
}

export const AdminReplied = defineEvent({
  type: 'escalation.admin_replied',
  version: 1,
  payload: AdminRepliedPayload,
  summary: "An admin answered in the handoff thread; resumes the conversation's graph.",
});
