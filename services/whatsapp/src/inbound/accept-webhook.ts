import type { PersonalData } from '@support/privacy';
import { deterministicId } from '@support/bus/pure';
import {
  createEvent,
  DeliveryUpdated,
  type EventEnvelope,
  WhatsAppMessageAccepted,
} from '@support/contracts';
import type { Clock } from '@support/platform/pure';
import type { ContactStore } from '../contacts/contact-store.js';
import type { DeliveryLog } from '../contacts/delivery-log.js';
import type { InboundMessage, InboundStatus, WebhookBatch } from './webhook-payload.js';

export interface EventSink {
  publish(event: EventEnvelope): Promise<unknown>;
}

/** Whether a colleague has the conversation (the conversations projection says so). */
export type WaitsForColleague = (conversationId: string) => Promise<boolean>;

export interface AcceptedBatch {
  readonly messages: number;
  readonly statuses: number;
  /** Items for another business phone number of the same account: not this shop's. */
  readonly otherNumbers: number;
}

/**
 * What a signed webhook delivery becomes before Meta is answered: each message placed in its
 * customer's conversation and published as `whatsapp.message_accepted`, each status callback as
 * `channel.delivery_updated`, in the order Meta sent them. Only then does Meta get its 200; the
 * rest (the photo, the turn, the reply) runs from the bus. Events name a message by the reference
 * to WhatsApp's id, never the id (it encodes the number), and their ids derive from it: a retry of
 * the same delivery publishes the same events.
 */
export class AcceptWebhook {
  constructor(
    private readonly phoneNumberId: string,
    private readonly contacts: ContactStore,
    private readonly log: DeliveryLog,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly waitsForColleague: WaitsForColleague,
    /** Seals the text (or caption) under the customer's key before it reaches the log. */
    private readonly personalData: PersonalData,
  ) {}

  async execute(batch: WebhookBatch): Promise<AcceptedBatch> {
    let otherNumbers = 0;
    for (const message of batch.messages) {
      if (message.phoneNumberId !== this.phoneNumberId) otherNumbers += 1;
      else await this.acceptMessage(message);
    }
    for (const status of batch.statuses) {
      if (status.phoneNumberId !== this.phoneNumberId) otherNumbers += 1;
      else await this.recordStatus(status);
    }
    return {
      messages: batch.messages.length,
      statuses: batch.statuses.length,
      otherNumbers,
    };
  }

  private async acceptMessage(message: InboundMessage): Promise<void> {
    const ref = this.log.refOf(message.providerMessageId);
    const home = await this.contacts.acceptMessage(
      message.waId,
      ref,
      new Date(message.sentAt),
      this.clock.now(),
      this.waitsForColleague,
    );
    await this.log.received(message.providerMessageId, message.waId);
    const key = ['whatsapp', ref] as const;
    const turnId = deterministicId('turn', ...key);
    const { content } = message;
    const seal = (text: string) => this.personalData.sealText(home.customerId, text);
    await this.events.publish(
      createEvent(
        WhatsAppMessageAccepted,
        {
          messageId: deterministicId('message', ...key),
          customerId: home.customerId,
          providerMessageId: ref,
          sentAt: message.sentAt,
          kind: content.kind,
          ...(content.kind === 'text' ? { text: await seal(content.text) } : {}),
          ...(content.kind === 'image'
            ? {
                media: { mediaId: content.mediaId, mimeType: content.mimeType },
                ...(content.caption ? { text: await seal(content.caption) } : {}),
              }
            : {}),
          ...(content.kind === 'choice'
            ? { choice: { optionId: content.optionId, title: content.title } }
            : {}),
          ...(content.kind === 'unsupported' ? { unsupportedType: content.type } : {}),
        },
        {
          id: deterministicId('whatsapp_message_accepted', ...key),
          occurredAt: this.clock.now().toISOString(),
          conversationId: home.conversationId,
          turnId,
          causationId: null,
          correlationId: turnId,
        },
      ),
    );
  }

  private async recordStatus(status: InboundStatus): Promise<void> {
    const ref = this.log.refOf(status.providerMessageId);
    const sent = await this.log.sentMessageOf(status.providerMessageId);
    await this.events.publish(
      createEvent(
        DeliveryUpdated,
        {
          channel: 'whatsapp',
          providerMessageId: ref,
          status: status.status,
          at: status.at,
          ...(sent?.via !== 'notice' && sent ? { replyId: sent.replyId } : {}),
          ...(sent ? { customerId: sent.customerId } : {}),
          ...(status.errors.length > 0 ? { errors: status.errors.map(cutError) } : {}),
        },
        {
          id: deterministicId('delivery_updated', ref, status.status),
          occurredAt: this.clock.now().toISOString(),
          conversationId: null,
          turnId: null,
          causationId: null,
          correlationId: deterministicId('delivery', ref),
        },
      ),
    );
  }
}

/** A provider's error within the event's limits. */
export function cutError(error: { code: string; title: string; details?: string }) {
  const cut = (text: string) => (text.length > 1000 ? `${text.slice(0, 999)}…` : text);
  return {
    code: error.code.slice(0, 64),
    title: cut(error.title),
    ...(error.details ? { details: cut(error.details) } : {}),
  };
}
