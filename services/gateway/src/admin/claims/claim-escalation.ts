import { deterministicId } from '@support/bus/pure';
import { createEvent, EscalationClaimed, EscalationClaimReleased } from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';
import type { EventSink } from '../../chat/customer-chat.js';
import {
  type ClaimChange,
  type ClaimRefusal,
  decideClaim,
  refusalMessage,
} from './claim-decider.js';
import type { EscalationClaimStore } from './escalation-claim-store.js';

export type ClaimOutcome =
  | {
      readonly outcome: 'claimed' | 'released' | 'unchanged';
      readonly holder: string | null;
    }
  | {
      readonly outcome: 'refused';
      readonly refusal: ClaimRefusal;
      readonly holder: string | null;
      readonly message: string;
    };

/**
 * An admin claims or releases an escalation in the console: decided under the store's lock, then
 * published as `escalation.claimed` / `escalation.claim_released`. The event id derives from the
 * escalation and its claim sequence, so a repeated claim (a publish that failed, a double click)
 * publishes the same event, which the bus and every consumer take once.
 */
export class ClaimEscalation {
  constructor(
    private readonly store: EscalationClaimStore,
    private readonly events: EventSink,
    private readonly clock: Clock,
  ) {}

  async execute(
    escalationId: string,
    kind: 'claim' | 'release',
    adminId: string,
  ): Promise<ClaimOutcome> {
    const at = this.clock.now().toISOString();
    const decided = await this.store.change(escalationId, (state, escalation) => ({
      ...decideClaim(state, { kind, adminId, at }),
      conversationId: escalation.conversationId,
    }));
    if (!decided) throw new AppError('not_found', 'No such escalation (or it is not recorded yet)');
    if (decided.outcome === 'refused')
      return {
        outcome: 'refused',
        refusal: decided.refusal,
        holder: decided.holder,
        message: refusalMessage(decided.refusal, decided.holder),
      };
    if (decided.outcome !== 'unchanged')
      await this.publish(escalationId, decided.conversationId, decided.change);
    return { outcome: decided.outcome, holder: decided.state.holder };
  }

  /** The admin holding the escalation, if any: nobody else may answer it. */
  holderOf(escalationId: string): Promise<string | null> {
    return this.store.holderOf(escalationId);
  }

  private async publish(
    escalationId: string,
    conversationId: string,
    change: ClaimChange,
  ): Promise<void> {
    const payload = { escalationId, adminId: change.adminId, sequence: change.sequence };
    const metadata = (type: string) => ({
      id: deterministicId(type, escalationId, change.sequence),
      occurredAt: change.at,
      conversationId,
      correlationId: escalationId,
    });
    await this.events.publish(
      change.kind === 'claimed'
        ? createEvent(EscalationClaimed, payload, metadata(EscalationClaimed.type))
        : createEvent(EscalationClaimReleased, payload, metadata(EscalationClaimReleased.type)),
    );
  }
}
