import { Controller, Inject } from '@nestjs/common';
import { type EventConsumerExtras, OnEvent } from '@support/bus';
import {
  CustomerForgotten,
  DeliveryUpdated,
  type EnvelopeOf,
  ReplySent,
  WhatsAppMessageAccepted,
} from '@support/contracts';
import { WHATSAPP_CHANNEL, type WhatsAppChannel } from './whatsapp-channel.js';

/** Events of one conversation go in order; this many conversations at once. */
const CONVERSATIONS: EventConsumerExtras = { consumer: 'whatsapp', concurrency: 8 };

/** Translates the channel's bus events into its use cases (registered only when it is on). */
@Controller()
export class WhatsAppEvents {
  private readonly channel: WhatsAppChannel;

  constructor(@Inject(WHATSAPP_CHANNEL) channel: WhatsAppChannel | null) {
    if (!channel) throw new Error('WhatsAppEvents needs the channel configured');
    this.channel = channel;
  }

  @OnEvent(WhatsAppMessageAccepted, CONVERSATIONS)
  messageAccepted(event: EnvelopeOf<typeof WhatsAppMessageAccepted>): Promise<void> {
    return this.channel.read.execute(event);
  }

  @OnEvent(ReplySent, CONVERSATIONS)
  replySent(event: EnvelopeOf<typeof ReplySent>): Promise<void> {
    return this.channel.deliver.execute(event);
  }

  /** A forgotten customer's number and everything the channel keeps of it are deleted. */
  @OnEvent(CustomerForgotten, { consumer: 'whatsapp' })
  async customerForgotten(event: EnvelopeOf<typeof CustomerForgotten>): Promise<void> {
    await this.channel.contacts.forget(event.payload.customerId);
  }

  /** One at a time: two failed parts of one reply decide its outcome once. */
  @OnEvent(DeliveryUpdated, { consumer: 'whatsapp' })
  deliveryUpdated(event: EnvelopeOf<typeof DeliveryUpdated>): Promise<void> {
    return this.channel.statuses.execute(event);
  }
}
