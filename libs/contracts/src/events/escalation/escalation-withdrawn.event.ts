import { IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CUSTOMER_ID_MAX_CHARS } from '../../limits.js';

export class EscalationWithdrawnPayload {
  @IsUUID()
  escalationId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /** The `conversation.withdrawal_requested` request this answers. */
  @IsUUID()
  requestId!: string;
}

export const EscalationWithdrawn = defineEvent({
  type: 'escalation.withdrawn',
  version: 1,
  payload: EscalationWithdrawnPayload,
  summary:
    'The customer withdrew a pending escalation before any admin replied: the assistant has the conversation again.',
});
