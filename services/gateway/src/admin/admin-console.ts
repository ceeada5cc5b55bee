import { deterministicId } from '@support/bus/pure';
import {
  ADMIN_REPLY_MAX_CHARS,
  AdminReplied,
  ContractViolation,
  createEvent,
  validatePlain,
} from '@support/contracts';
import type { AdminReplyReceipts } from '@support/persistence';
import type { PersonalData } from '@support/privacy';
import { AppError, type Clock } from '@support/platform/pure';
import type { EventSink } from '../chat/customer-chat.js';
import { errorFrame } from '../chat/customer-chat.js';
import {
  AdminClaimFrame,
  type AdminEscalationView,
  AdminQueueFrame,
  AdminReplyFrame,
  type AdminServerFrame,
  QUEUE_FILTER_OPTIONS,
  type QueueFilter,
} from './admin-frames.js';
import type { ClaimEscalation } from './claims/claim-escalation.js';
import { type FrameBounds, readBoundedFrame } from '../frames/bounded-frame.js';

/** Where the console reads escalations (the escalations and conversations projections). */
export interface EscalationQueries {
  /**
   * Escalations matching `filter` (open ones unless it names another status): open and withdrawn
   * ones the longest waiting first, resolved ones the latest answered first.
   */
  escalations(filter?: QueueFilter): Promise<AdminEscalationView[]>;
  find(
    escalationId: string,
  ): Promise<{ conversationId: string; customerId: string; open: boolean } | null>;
}

const SMALL_FRAME_CHARS = 1024;

/** What an admin frame may be before it is parsed: a queue frame's filter is the one nested object. */
const ADMIN_FRAME_BOUNDS: FrameBounds = {
  maxDepth: 2,
  maxKeys: 12,
  maxCharsByType: {
    hello: SMALL_FRAME_CHARS,
    queue: SMALL_FRAME_CHARS,
    claim: SMALL_FRAME_CHARS,
    release: SMALL_FRAME_CHARS,
    // Every character of the reply escaped (`\u0000`), with room for the ids.
    reply: ADMIN_REPLY_MAX_CHARS * 6 + SMALL_FRAME_CHARS,
  },
};

/**
 * The admin console's use cases: the queue of open escalations (filtered), claiming one so that
 * two admins never answer one customer at once, and replying to a customer, which does exactly
 * what a reply in the Slack thread does: an `escalation.admin_replied` event (provider `console`).
 */
export class AdminConsole {
  constructor(
    private readonly queries: EscalationQueries,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly claims: ClaimEscalation,
    private readonly receipts: Pick<AdminReplyReceipts, 'record'>,
    private readonly personalData: PersonalData,
  ) {}

  async snapshot(filter: QueueFilter = {}): Promise<AdminServerFrame> {
    return {
      type: 'snapshot',
      escalations: await this.queries.escalations(filter),
      filter,
      filterOptions: QUEUE_FILTER_OPTIONS,
    };
  }

  async handle(adminId: string, raw: string): Promise<AdminServerFrame[]> {
    let clientMessageId: string | undefined;
    try {
      const { type, plain } = readBoundedFrame(raw, ADMIN_FRAME_BOUNDS);
      if (type === 'hello' || type === 'queue') {
        const frame = this.parse(AdminQueueFrame, plain);
        return [await this.snapshot({ ...frame.filter })];
      }
      if (type === 'claim' || type === 'release')
        return [await this.claim(adminId, this.parse(AdminClaimFrame, plain))];
      const frame = this.parse(AdminReplyFrame, plain);
      clientMessageId = frame.clientMessageId;
      if (!frame.text.trim()) throw new AppError('bad_frame', 'text must not be empty');
      await this.reply(adminId, frame);
      return [{ type: 'ack', clientMessageId: frame.clientMessageId }];
    } catch (error) {
      const frame = errorFrame(error, clientMessageId);
      return [frame as AdminServerFrame];
    }
  }

  private async claim(adminId: string, frame: AdminClaimFrame): Promise<AdminServerFrame> {
    const result = await this.claims.execute(frame.escalationId, frame.type, adminId);
    if (result.outcome === 'refused')
      return {
        type: 'claim_refused',
        escalationId: frame.escalationId,
        reason: result.refusal,
        holder: result.holder,
        message: result.message,
      };
    return {
      type: 'claim_result',
      escalationId: frame.escalationId,
      outcome: result.outcome,
      holder: result.holder,
    };
  }

  private async reply(adminId: string, frame: AdminReplyFrame): Promise<void> {
    const escalation = await this.queries.find(frame.escalationId);
    if (!escalation) throw new AppError('not_found', 'No such escalation');
    const holder = await this.claims.holderOf(frame.escalationId);
    if (holder !== null && holder !== adminId)
      throw new AppError(
        'conflict',
        `${holder} is handling this escalation; your reply was not sent.`,
      );
    const externalId = deterministicId('console-reply', adminId, frame.clientMessageId);
    const receivedAt = this.clock.now();
    // The receipt first: the agent relays only admin replies whose receipt it finds.
    await this.receipts.record({
      provider: 'console',
      externalId,
      escalationId: frame.escalationId,
      conversationId: escalation.conversationId,
      receivedAt,
    });
    await this.events.publish(
      createEvent(
        AdminReplied,
        {
          escalationId: frame.escalationId,
          provider: 'console',
          adminId,
          // Personal: an answer to the customer, sealed under their key.
          text: await this.personalData.sealText(escalation.customerId, frame.text.trim()),
          externalId,
        },
        {
          id: deterministicId('escalation.admin_replied', 'console', externalId),
          occurredAt: receivedAt.toISOString(),
          conversationId: escalation.conversationId,
          correlationId: frame.escalationId,
        },
      ),
    );
  }

  private parse<T extends object>(cls: new () => T, plain: unknown): T {
    try {
      return validatePlain(cls, plain, { prefix: '', eventType: null });
    } catch (error) {
      if (error instanceof ContractViolation)
        throw new AppError('bad_frame', error.message.replace(/^Invalid value: /, ''));
      throw error;
    }
  }
}
