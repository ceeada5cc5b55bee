import { AdminReplied, type EventEnvelope, ReplySent } from '@support/contracts';
import { AppError, type Clock, systemClock } from '@support/platform/pure';

/** What the system recorded, as far as the check needs it. */
export interface CausationRecords {
  /** The conversation whose recorded customer message started this turn; null when none did. */
  conversationOfTurn(turnId: string): Promise<string | null>;
  /** The recorded event with this id, or null when there is none (yet). */
  recordedEvent(eventId: string): Promise<{ type: string; conversationId: string | null } | null>;
  /** The reply id of the agent's reply recorded first for this turn; null when none is. */
  answerOfTurn(turnId: string): Promise<string | null>;
  /** Remembers a reply just delivered as its turn's answer (a projection may not have it yet). */
  rememberAnswer?(turnId: string, replyId: string): void;
}

export type CausationVerdict =
  | { readonly kind: 'verified' }
  /** It names a cause of another conversation, or none where one is required: never deliverable. */
  | { readonly kind: 'forged'; readonly reason: string }
  /** Its cause is not recorded: not yet (a read model lags live delivery), or never (forged). */
  | { readonly kind: 'unrecorded'; readonly reason: string };

/** A reply or a handoff on its way to a customer; `human` replies relay an admin's answer. */
export interface CausedEvent {
  readonly event: EventEnvelope;
  readonly human: boolean;
}

/**
 * Whether an event bound for a customer's socket was caused by something the system recorded in
 * that conversation, so a reply published straight on the bus (a forged `agent.reply_sent`) is not
 * shown. The agent's replies and handoffs answer a turn that a recorded customer message of the
 * conversation started; a human reply relays an `escalation.admin_replied` of the conversation,
 * named as its causation; any causation named must be an event of the same conversation.
 */
export class ReplyCausation {
  constructor(
    private readonly records: CausationRecords,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * An unrecorded cause is waited for while the event is younger than MAX_CAUSE_LAG_MS (the read
   * model lags, or catches up after a restart); past that it was never going to be recorded.
   */
  async verdict(caused: CausedEvent): Promise<CausationVerdict> {
    const verdict = await this.verdictOfRecords(caused);
    if (
      verdict.kind === 'unrecorded' &&
      this.clock.now().getTime() - Date.parse(caused.event.occurredAt) > MAX_CAUSE_LAG_MS
    )
      return forged(`${verdict.reason}, ${MAX_CAUSE_LAG_MS / 60_000} minutes after it was sent`);
    return verdict;
  }

  private async verdictOfRecords({ event, human }: CausedEvent): Promise<CausationVerdict> {
    const conversationId = event.conversationId;
    if (conversationId === null) return forged('it names no conversation');

    if (event.turnId !== null) {
      const turnConversation = await this.records.conversationOfTurn(event.turnId);
      if (turnConversation === null)
        return unrecorded(`no recorded customer message started turn ${event.turnId}`);
      if (turnConversation !== conversationId)
        return forged(`turn ${event.turnId} belongs to another conversation`);
    } else if (!human) return forged('it names no turn');

    // The agent answers a turn once (its reply id derives from the turn): a second reply with
    // another id is not the agent's, whatever it says.
    const replyId = replyIdOf(event);
    if (!human && event.turnId !== null && replyId !== null) {
      const answer = await this.records.answerOfTurn(event.turnId);
      if (answer !== null && answer !== replyId)
        return forged(`turn ${event.turnId} was already answered by reply ${answer}`);
    }

    if (event.causationId !== null) {
      const cause = await this.records.recordedEvent(event.causationId);
      if (cause === null) return unrecorded(`its cause ${event.causationId} is not recorded`);
      if (cause.conversationId !== conversationId)
        return forged(`its cause ${event.causationId} belongs to another conversation`);
      if (human && cause.type !== AdminReplied.type)
        return forged(`its cause ${event.causationId} is a ${cause.type}, not an admin reply`);
    } else if (human) return forged('a human reply names no admin reply as its cause');

    return { kind: 'verified' };
  }

  /**
   * Resolves when the event may be delivered. Otherwise throws: a forgery is dead-lettered at once
   * (`forbidden`); an unrecorded cause is waited for, redelivered with backoff uncounted
   * (`causation_unverified`), until it turns up or the event is too old to be waited for.
   */
  async check(caused: CausedEvent): Promise<void> {
    const verdict = await this.verdict(caused);
    if (verdict.kind === 'verified') return;
    const what = `${caused.event.type} ${caused.event.id} not delivered: ${verdict.reason}`;
    throw new AppError(verdict.kind === 'forged' ? 'forbidden' : 'causation_unverified', what);
  }

  /** After a checked reply was delivered: it is its turn's answer from now on. */
  delivered({ event, human }: CausedEvent): void {
    const replyId = replyIdOf(event);
    if (!human && event.turnId !== null && replyId !== null)
      this.records.rememberAnswer?.(event.turnId, replyId);
  }
}

const replyIdOf = (event: EventEnvelope): string | null =>
  event.type === ReplySent.type ? (event.payload as { replyId: string }).replyId : null;

/** How long a reply may wait for its cause to be recorded before it counts as forged. */
export const MAX_CAUSE_LAG_MS = 5 * 60_000;

const forged = (reason: string): CausationVerdict => ({ kind: 'forged', reason });
const unrecorded = (reason: string): CausationVerdict => ({ kind: 'unrecorded', reason });
