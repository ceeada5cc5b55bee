import type { DeliveryUpdated, EnvelopeOf } from '@support/contracts';
import type { ContactStore } from '../contacts/contact-store.js';
import type { DeliveryLog } from '../contacts/delivery-log.js';
import { isWindowError } from '../graph/graph-errors.js';
import type { WhatsAppMetrics } from '../whatsapp-metrics.js';
import type { DeliverReply } from './deliver-reply.js';

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
  ) {}

  async execute(event: EnvelopeOf<typeof DeliveryUpdated>): Promise<void> {
    const p = event.payload;
    this.metrics.statusRecorded(p.status);
    if (p.status !== 'failed') return;
    const sent = await this.log.sentMessage(p.providerMessageId);
    if (!sent || sent.via !== 'message') return;
    const recorded = await this.log.outcomeOf(sent.replyId);
    if (recorded?.outcome !== 'message') return;
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
    else await this.deliver.fail(reply, contact, error, p.providerMessageId);
  }
}
