import {
  IsIn,
  IsString,
  IsUUID,
  Length,
  registerDecorator,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { CUSTOMER_ID_MAX_CHARS } from '../../limits.js';
import {
  ESCALATION_GROUPS,
  ESCALATION_REASONS,
  type EscalationGroup,
  type EscalationReason,
} from '../escalation/escalation-reasons.js';

/**
 * How a turn of the assistant ended: `answered` (a validated answer), `clarified` (a clarifying
 * question instead of a handoff), `held` (a colleague has the conversation: the holding note) or
 * `escalated` (handed to a colleague, with the escalation's reason and group).
 */
export const TURN_OUTCOMES = ['answered', 'clarified', 'held', 'escalated'] as const;
export type TurnOutcomeKind = (typeof TURN_OUTCOMES)[number];

/** The reasons an outcome may give: an escalation's own, or the one fact each other rests on. */
export const TURN_OUTCOME_REASONS = {
  answered: ['validation_passed'],
  clarified: ['below_score_floor'],
  held: ['human_active'],
  escalated: ESCALATION_REASONS,
} as const satisfies Record<TurnOutcomeKind, readonly string[]>;
export type TurnOutcomeReason = (typeof TURN_OUTCOME_REASONS)[TurnOutcomeKind][number];

const ALL_REASONS = [...new Set(Object.values(TURN_OUTCOME_REASONS).flat())];

/** The name of the check that a field agrees with the payload's `outcome`. */
export const FITS_OUTCOME = 'fitsOutcome';

/** A field that agrees with the payload's `outcome` (`fits` says how). */
function FitsOutcome(
  rule: string,
  fits: (value: unknown, payload: { outcome?: unknown }) => boolean,
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: FITS_OUTCOME,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property ${rule}` },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          fits(value, args.object as { outcome?: unknown }),
      },
    });
}

const escalated = (payload: { outcome?: unknown }) => payload.outcome === 'escalated';

/**
 * Ids, the outcome and why; never anything the customer wrote (nothing here is personal), so the
 * dashboard and the trace read it without opening a sealed field.
 */
export class TurnOutcomePayload {
  @IsString()
  @Length(1, CUSTOMER_ID_MAX_CHARS)
  customerId!: string;

  /** The reply that ended the turn (the `replyId` of its `agent.reply_sent`). */
  @IsUUID()
  replyId!: string;

  @IsIn(TURN_OUTCOMES)
  outcome!: TurnOutcomeKind;

  @IsIn(ALL_REASONS)
  @FitsOutcome(
    'must be one of the reasons of the outcome',
    (value, payload) =>
      (
        TURN_OUTCOME_REASONS[payload.outcome as TurnOutcomeKind] as readonly unknown[] | undefined
      )?.includes(value) === true,
  )
  reason!: TurnOutcomeReason;

  /** Escalated turns only: `genuine` or `avoidable`, as `@support/policy` classed the reason. */
  @ValidateIf((payload: TurnOutcomePayload) => escalated(payload) || payload.group !== undefined)
  @IsIn(ESCALATION_GROUPS)
  @FitsOutcome('is given for an escalated turn only', (_value, payload) => escalated(payload))
  group?: EscalationGroup;

  /** Escalated turns only: the `escalation.raised` of the handoff. */
  @ValidateIf(
    (payload: TurnOutcomePayload) => escalated(payload) || payload.escalationId !== undefined,
  )
  @IsUUID()
  @FitsOutcome('is given for an escalated turn only', (_value, payload) => escalated(payload))
  escalationId?: string;
}

/** The escalated outcome's reason, typed: the payload's `reason` when the outcome is `escalated`. */
export function escalationReasonOf(payload: TurnOutcomePayload): EscalationReason | null {
  return payload.outcome === 'escalated' ? (payload.reason as EscalationReason) : null;
}

export const TurnOutcome = defineEvent({
  type: 'turn.outcome',
  version: 1,
  payload: TurnOutcomePayload,
  summary:
    'How a turn ended, as @support/policy decided it once: answered, clarified, held, or escalated ' +
    'with its reason and group (genuine, avoidable). One per turn, its id derived from the turn. ' +
    'Ids and reasons only: nothing personal.',
});
