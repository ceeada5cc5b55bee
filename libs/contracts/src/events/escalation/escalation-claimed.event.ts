import { IsInt, IsString, IsUUID, Length, Matches, Min } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_MAX_CHARS } from '../../limits.js';

/** What an admin id may contain: the `sub` of an admin token (so it is safe in Slack text too). */
export const ADMIN_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,128}$/;

export class EscalationClaimedPayload {
  @IsUUID()
  escalationId!: string;

  /** The admin (token subject) who now answers this escalation; no other admin may reply. */
  @IsString()
  @Length(1, ADMIN_ID_MAX_CHARS)
  @Matches(ADMIN_ID_PATTERN)
  adminId!: string;

  /**
   * The escalation's claim history position (1 for its first claim, +1 for each claim or
   * release after it): the highest sequence holds, whatever order the events are folded in.
   */
  @IsInt()
  @Min(1)
  sequence!: number;
}

export const EscalationClaimed = defineEvent({
  type: 'escalation.claimed',
  version: 1,
  payload: EscalationClaimedPayload,
  summary:
    'An admin took an open escalation in the console: the other admins see who holds it and ' +
    'cannot answer it until it is released.',
});
