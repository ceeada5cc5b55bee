import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  BusModule,
  type BusOptions,
  consumerName,
  EventConsumers,
  EventPublisher,
} from '@support/bus';
import { DeliveryUpdated, ReplySent, WhatsAppMessageAccepted } from '@support/contracts';
import { type DatabaseOptions, PersistenceModule } from '@support/persistence';
import { CLOCK, type Clock, HealthModule, ServiceMetrics, systemClock } from '@support/platform';
import { DataSource } from 'typeorm';
import { ContactStore } from './contacts/contact-store.js';
import { CustomerPhones, DEMO_CUSTOMER_PHONES } from './contacts/customer-phones.js';
import type { WhatsAppApi } from './graph/whatsapp-api.js';
import { WebhookController } from './inbound/webhook.controller.js';
import { WHATSAPP_MIGRATIONS } from './persistence/whatsapp-migrations.js';
import { WHATSAPP_CHANNEL, type WhatsAppChannel, whatsappChannel } from './whatsapp-channel.js';
import { WHATSAPP_CONFIG, type WhatsAppConfig, whatsappConfigFromEnv } from './whatsapp-config.js';
import { WhatsAppMetrics } from './whatsapp-metrics.js';

export interface WhatsAppModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly database?: Partial<DatabaseOptions>;
  readonly clock?: Clock;
  /** The Cloud API chosen by the caller; default: the Graph API from WHATSAPP_* settings. */
  readonly api?: WhatsAppApi;
}

/** Events of one conversation go in order; this many conversations at once. */
const CONCURRENCY = 8;

/** Subscribes the channel to the bus when it is configured, and links the demo customers. */
@Injectable()
class WhatsAppRuntime implements OnApplicationBootstrap {
  private readonly logger = new Logger('whatsapp');

  constructor(
    @Inject(WHATSAPP_CONFIG) private readonly config: WhatsAppConfig,
    @Inject(WHATSAPP_CHANNEL) private readonly channel: WhatsAppChannel | null,
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const channel = this.channel;
    if (!channel) {
      this.logger.log(
        'WhatsApp is off: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, ' +
          'WHATSAPP_VERIFY_TOKEN and WHATSAPP_PHONE_NUMBER_ID to take its webhooks',
      );
      return;
    }
    if (this.config.demoCustomers) {
      const phones = new CustomerPhones(this.dataSource);
      for (const [phone, customerId] of Object.entries(DEMO_CUSTOMER_PHONES))
        await phones.link(phone, customerId);
    }
    await this.consumers.subscribe({
      durable: consumerName('whatsapp', WhatsAppMessageAccepted),
      event: WhatsAppMessageAccepted,
      concurrency: CONCURRENCY,
      handle: (event) => channel.read.execute(event),
    });
    await this.consumers.subscribe({
      durable: consumerName('whatsapp', ReplySent),
      event: ReplySent,
      concurrency: CONCURRENCY,
      handle: (event) => channel.deliver.execute(event),
    });
    // One at a time: two failed parts of one reply decide its outcome once.
    await this.consumers.subscribe({
      durable: consumerName('whatsapp', DeliveryUpdated),
      event: DeliveryUpdated,
      handle: (event) => channel.statuses.execute(event),
    });
  }
}

/** WhatsApp as a channel beside the web chat: its webhook in, the conversation's replies out. */
@Module({})
export class WhatsAppModule {
  static register(options: WhatsAppModuleOptions = {}): DynamicModule {
    return {
      module: WhatsAppModule,
      imports: [
        HealthModule.forService('whatsapp'),
        BusModule.forRoot('whatsapp', options.bus),
        PersistenceModule.forRoot({ ...options.database, migrations: WHATSAPP_MIGRATIONS }),
      ],
      controllers: [WebhookController],
      providers: [
        {
          provide: WHATSAPP_CONFIG,
          useFactory: () => whatsappConfigFromEnv(options.env ?? process.env),
        },
        {
          provide: WHATSAPP_CHANNEL,
          inject: [WHATSAPP_CONFIG, DataSource, EventPublisher, ServiceMetrics],
          useFactory: (
            config: WhatsAppConfig,
            dataSource: DataSource,
            publisher: EventPublisher,
            metrics: ServiceMetrics,
          ) =>
            whatsappChannel({
              config,
              dataSource,
              publisher,
              clock: options.clock ?? systemClock,
              metrics: new WhatsAppMetrics(metrics),
              logger: new Logger('whatsapp'),
              ...(options.api ? { api: options.api } : {}),
            }),
        },
        {
          provide: ContactStore,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new ContactStore(dataSource),
        },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        WhatsAppRuntime,
      ],
    };
  }
}
