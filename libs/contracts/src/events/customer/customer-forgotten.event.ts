import { ArrayMaxSize, IsArray, IsIn, IsString, IsUUID, Length, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_MAX_CHARS, CUSTOMER_ID_MAX_CHARS } from '../../limits.js';

/** Why a customer was forgotten: they asked (an operator or an admin acted), or retention ran. */
export const FORGET_REASONS = ['request', 'retention'] as const;
export type ForgetReason = (typeof FORGET_REASONS)[number];

export class CustomerForgottenPayload {
  /** One per erasure; a retried command is the same request. */
  @IsUUID()
  requestId!: string;

  /** The customer, by the id every event of theirs carries (an opaque shop id). */
  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /**
   * The data keys destroyed: what a restore of an older database destroys again (the keys it
   * holds were live when it was dumped).
   */
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  keyIds!: string[];

  /**
   * The customer's conversations as the conversations projection knew them when the keys were
   * destroyed: the agent deletes their checkpoints, the escalation service their handoff threads.
   */
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsString({ each: true })
  @Length(1, CUSTOMER_ID_MAX_CHARS, { each: true })
  conversationIds!: string[];

  @IsIn(FORGET_REASONS)
  reason!: ForgetReason;

  /** Who asked: an admin's id, `cli` for an operator, `retention` for the scheduled job. */
  @Matches(/^[A-Za-z0-9_.@-]+$/)
  @Length(1, ADMIN_ID_MAX_CHARS)
  requestedBy!: string;
}

export const CustomerForgotten = defineEvent({
  type: 'customer.forgotten',
  version: 1,
  payload: CustomerForgottenPayload,
  summary:
    "A customer's data keys were destroyed (right to erasure): everything sealed under them reads " +
    'as erased; services delete what they hold of the customer and projections rewrite their rows.',
});
