import { IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CUSTOMER_ID_MAX_CHARS } from '../../limits.js';

export class WithdrawalRequestedPayload {
  /** One per press of "back to the assistant"; a resend of the same frame is the same request. */
  @IsUUID()
  requestId!: string;

  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;
}

export const WithdrawalRequested = defineEvent({
  type: 'conversation.withdrawal_requested',
  version: 1,
  payload: WithdrawalRequestedPayload,
  summary:
    'The customer takes back a pending request for a colleague and wants the assistant again.',
});
