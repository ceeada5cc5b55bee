import type { PersonalData } from '@support/privacy';
import { type Logger } from '@nestjs/common';
import type { EventPublisher } from '@support/bus';
import { ConversationReader, CustomerRateLimits, PostgresRateBuckets } from '@support/persistence';
import type { Clock } from '@support/platform/pure';
import type { DataSource } from 'typeorm';
import { ContactStore } from './contacts/contact-store.js';
import { DeliveryLog } from './contacts/delivery-log.js';
import { GraphWhatsAppApi } from './graph/graph-whatsapp-api.js';
import type { WhatsAppApi } from './graph/whatsapp-api.js';
import { AcceptWebhook } from './inbound/accept-webhook.js';
import { ReadInboundMessage } from './inbound/read-message.js';
import { WebhookEndpoint } from './inbound/webhook-endpoint.js';
import { DeliverReply } from './outbound/deliver-reply.js';
import { FollowDeliveryStatus } from './outbound/follow-delivery-status.js';
import type { WhatsAppConfig } from './whatsapp-config.js';
import type { WhatsAppMetrics } from './whatsapp-metrics.js';

/** The channel's use cases, wired; absent while the channel is off. */
export interface WhatsAppChannel {
  readonly endpoint: WebhookEndpoint;
  readonly read: ReadInboundMessage;
  readonly deliver: DeliverReply;
  readonly statuses: FollowDeliveryStatus;
  /** The customer's number, its mapping and what hangs off it (forgetting deletes them). */
  readonly contacts: ContactStore;
}

export const WHATSAPP_CHANNEL = Symbol('WHATSAPP_CHANNEL');

export interface ChannelParts {
  readonly config: WhatsAppConfig;
  readonly dataSource: DataSource;
  readonly publisher: EventPublisher;
  readonly clock: Clock;
  readonly metrics: WhatsAppMetrics;
  readonly logger: Pick<Logger, 'warn'>;
  readonly personalData: PersonalData;
  /** A Cloud API chosen by the caller (tests); default: the Graph API from the settings. */
  readonly api?: WhatsAppApi;
}

/** Wires the channel from its settings; null when the four WHATSAPP_* credentials are unset. */
export function whatsappChannel(parts: ChannelParts): WhatsAppChannel | null {
  const { config, dataSource, publisher, clock, metrics, logger } = parts;
  if (!config.api) return null;
  const warn = (message: string) => logger.warn(message);
  const api = parts.api ?? new GraphWhatsAppApi(config.api);
  const contacts = new ContactStore(dataSource);
  const log = new DeliveryLog(dataSource, (id) => parts.personalData.providerMessageRef(id));
  const conversations = new ConversationReader(dataSource, parts.personalData);
  const accept = new AcceptWebhook(
    config.api.phoneNumberId,
    contacts,
    log,
    publisher,
    clock,
    async (conversationId) => (await conversations.find(conversationId))?.humanActive ?? false,
    parts.personalData,
  );
  // The bucket rows are the web chat's too: one limit per customer, whichever channel they use.
  const limits = new CustomerRateLimits(new PostgresRateBuckets(dataSource), {
    message: config.rate,
    // Hello frames and demo sign-ins are the web chat's; their rules are required by type, never
    // drawn on here.
    hello: config.rate,
    demo_token: config.rate,
  });
  const deliver = new DeliverReply(
    contacts,
    log,
    api,
    publisher,
    clock,
    config.template,
    metrics,
    parts.personalData,
  );
  return {
    endpoint: new WebhookEndpoint(config.api, accept, metrics, { warn }),
    read: new ReadInboundMessage(
      contacts,
      log,
      api,
      limits,
      publisher,
      clock,
      metrics,
      warn,
      parts.personalData,
    ),
    deliver,
    statuses: new FollowDeliveryStatus(contacts, log, deliver, metrics, clock),
    contacts,
  };
}
