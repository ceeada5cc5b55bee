import type { DeliveryUpdated, EnvelopeOf } from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';
import type { ContactStore } from '../contacts/contact-store.js';
import type { DeliveryLog } from '../contacts/delivery-log.js';
import { isWindowError } from '../graph/graph-errors.js';
import type { WhatsAppMetrics } from '../whatsapp-metrics.js';
import type { DeliverReply } from './deliver-reply.js';

/** How long a failed status waits for the send it reports to be recorded. */
const RECORD_GRACE_MS = 60_000;

/**
 * On `channel.delivery_updated`: statuses are counted, not answered. A `failed` one for a reply
 * that had gone out as messages is that reply's outcome after all: an admin's words refused for
 * the 24-hour window (131047) go again as the template, anything else is recorded as
 * `channel.reply_failed` and told in the handoff thread. Decided once per reply, whichever of its
 * parts fails first.
 */
export class FollowDeliveryStatus {
  constructor(
    private readonly contacts: ContactStore,
    private readonly log: DeliveryLog,
    private readonly deliver: DeliverReply,
    private readonly metrics: WhatsAppMetrics,
    private readonly clock: Clock,
  ) {}

  async execute(event: EnvelopeOf<typeof DeliveryUpdated>): Promise<void> {
    const p = event.payload;
    this.metrics.statusRecorded(p.status);
    if (p.status !== 'failed') return;
    const sent = await this.log.sentMessage(p.providerMessageId);
    const recorded = sent ? await this.log.outcomeOf(sent.replyId) : null;
    if (!sent || !recorded) return this.notYetRecorded(event);
    if (sent.via !== 'message' || recorded.outcome !== 'message') return;
    const contact = await this.contacts.ofWaId(sent.waId);
    if (!contact) return;
    const reply = {
      payload: {
        replyId: sent.replyId,
        customerId: sent.customerId,
        kind: recorded.kind,
        text: recorded.text ?? '',
        language: recorded.language,
        citations: [],
      },
      conversationId: recorded.conversationId,
      turnId: null,
      causationId: event.id,
      correlationId: event.correlationId,
      late: true,
    };
    const error = p.errors?.[0] ?? { code: 'unknown', title: 'the message failed' };
    if (isWindowError(error) && recorded.text !== null)
      await this.deliver.outsideWindow(reply, contact, error);
    else await this.deliver.fail(reply, contact, error, sent.ref);
  }

  /**
   * Meta can report a failure before the send that caused it is recorded here (its webhook races
   * the API's answer): the status waits for the record, uncounted, for a minute. A status of a
   * message this adapter never sent (another app on the same number) is then let go.
   */
  private notYetRecorded(event: EnvelopeOf<typeof DeliveryUpdated>): void {
    const ageMs = this.clock.now().getTime() - Date.parse(event.occurredAt);
    if (ageMs > RECORD_GRACE_MS) return;
    throw new AppError(
      'causation_unverified',
      `failed status of ${event.payload.providerMessageId}: no reply of this adapter recorded yet`,
    );
  }
}
