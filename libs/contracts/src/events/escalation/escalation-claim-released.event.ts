import { IsInt, IsString, IsUUID, Length, Matches, Min } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_PATTERN } from './escalation-claimed.event.js';
import { ADMIN_ID_MAX_CHARS } from '../../limits.js';

export class EscalationClaimReleasedPayload {
  @IsUUID()
  escalationId!: string;

  /** The admin who held the claim and gave it back. */
  @IsString()
  @Length(1, ADMIN_ID_MAX_CHARS)
  @Matches(ADMIN_ID_PATTERN)
  adminId!: string;

  /** The claim history position, as in `escalation.claimed` (one more than the claim released). */
  @IsInt()
  @Min(2)
  sequence!: number;
}

export const EscalationClaimReleased = defineEvent({
  type: 'escalation.claim_released',
  version: 1,
  payload: EscalationClaimReleasedPayload,
  summary: 'The admin holding an escalation gave it back: any admin may claim or answer it again.',
});
