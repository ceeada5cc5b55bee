import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';

export class AdminRepliedPayload {
  @IsUUID()
  escalationId!: string;

  @IsIn(['slack', 'console'])
  provider!: 'slack' | 'console';

  @IsString()
  @Length(1, 128)
  adminId!: string;

  /** Sent to the customer verbatim. */
  @IsString()
  @Length(1, 8000)
  text!: string;

  /** The provider's id of the reply (Slack event id), so a retried delivery replies once. */
  @IsString()
  @Length(1, 256)
  externalId!: string;
}

export const AdminReplied = defineEvent({
  type: 'escalation.admin_replied',
  version: 1,
  payload: AdminRepliedPayload,
  summary: "An admin answered in the handoff thread; resumes the conversation's graph.",
});
