import { deterministicId } from '@support/bus';
import { AdminReplied, ContractViolation, createEvent, validatePlain } from '@support/contracts';
import { AppError, type Clock } from '@support/platform';
import type { EventSink } from '../chat/customer-chat.js';
import { errorFrame } from '../chat/customer-chat.js';
import {
  type AdminEscalationView,
  AdminReplyFrame,
  type AdminServerFrame,
} from './admin-frames.js';

/** Where the console reads open escalations (the escalations and conversations projections). */
export interface EscalationQueries {
  openEscalations(): Promise<AdminEscalationView[]>;
  find(escalationId: string): Promise<{ conversationId: string; open: boolean } | null>;
}

/**
 * The admin console's use cases: what is open, and replying to a customer, which does exactly what
 * a reply in the Slack thread does: an `escalation.admin_replied` event (provider `console`).
 */
export class AdminConsole {
  constructor(
    private readonly queries: EscalationQueries,
    private readonly events: EventSink,
    private readonly clock: Clock,
  ) {}

  async snapshot(): Promise<AdminServerFrame> {
    return { type: 'snapshot', escalations: await this.queries.openEscalations() };
  }

  async handle(adminId: string, raw: string): Promise<AdminServerFrame[]> {
    let clientMessageId: string | undefined;
    try {
      let plain: unknown;
      try {
        plain = JSON.parse(raw);
      } catch {
        throw new AppError('bad_frame', 'Frame is not valid JSON');
      }
      if ((plain as { type?: unknown })?.type === 'hello') return [await this.snapshot()];
      const frame = this.parseReply(plain);
      clientMessageId = frame.clientMessageId;
      const escalation = await this.queries.find(frame.escalationId);
      if (!escalation) throw new AppError('not_found', 'No such escalation');
      const externalId = deterministicId('console-reply', adminId, frame.clientMessageId);
      await this.events.publish(
        createEvent(
          AdminReplied,
          {
            escalationId: frame.escalationId,
            provider: 'console',
            adminId,
            text: frame.text.trim(),
            externalId,
          },
          {
            id: deterministicId('escalation.admin_replied', 'console', externalId),
            occurredAt: this.clock.now().toISOString(),
            conversationId: escalation.conversationId,
            correlationId: frame.escalationId,
          },
        ),
      );
      return [{ type: 'ack', clientMessageId: frame.clientMessageId }];
    } catch (error) {
      const frame = errorFrame(error, clientMessageId);
      return [frame as AdminServerFrame];
    }
  }

  private parseReply(plain: unknown): AdminReplyFrame {
    try {
      const frame = validatePlain(AdminReplyFrame, plain, { prefix: '', eventType: null });
      if (!frame.text.trim()) throw new AppError('bad_frame', 'text must not be empty');
      return frame;
    } catch (error) {
      if (error instanceof ContractViolation)
        throw new AppError('bad_frame', error.message.replace(/^Invalid value: /, ''));
      throw error;
    }
  }
}
