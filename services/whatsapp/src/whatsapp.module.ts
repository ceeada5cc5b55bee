import { PersonalData } from '@support/privacy';
import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { BusModule, type BusOptions, EventPublisher } from '@support/bus';
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
import { WhatsAppEvents } from './whatsapp.events.js';
import { WhatsAppMetrics } from './whatsapp-metrics.js';

export interface WhatsAppModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly database?: Partial<DatabaseOptions>;
  readonly clock?: Clock;
  /** The Cloud API chosen by the caller; default: the Graph API from WHATSAPP_* settings. */
  readonly api?: WhatsAppApi;
}

/** Says when the channel is off, and links the demo customers when it is on. */
@Injectable()
class WhatsAppRuntime implements OnApplicationBootstrap {
  private readonly logger = new Logger('whatsapp');

  constructor(
    @Inject(WHATSAPP_CONFIG) private readonly config: WhatsAppConfig,
    @Inject(WHATSAPP_CHANNEL) private readonly channel: WhatsAppChannel | null,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.channel) {
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
  }
}

/** WhatsApp as a channel beside the web chat: its webhook in, the conversation's replies out. */
@Module({})
export class WhatsAppModule {
  static register(options: WhatsAppModuleOptions = {}): DynamicModule {
    const config = whatsappConfigFromEnv(options.env ?? process.env);
    return {
      module: WhatsAppModule,
      imports: [
        HealthModule.forService('whatsapp'),
        BusModule.forRoot('whatsapp', options.bus),
        PersistenceModule.forRoot({ ...options.database, migrations: WHATSAPP_MIGRATIONS }),
      ],
      // The channel's events are followed only when it is on: its durables do not exist before.
      controllers: [WebhookController, ...(config.api ? [WhatsAppEvents] : [])],
      providers: [
        { provide: WHATSAPP_CONFIG, useValue: config },
        {
          provide: WHATSAPP_CHANNEL,
          inject: [WHATSAPP_CONFIG, DataSource, EventPublisher, ServiceMetrics, PersonalData],
          useFactory: (
            config: WhatsAppConfig,
            dataSource: DataSource,
            publisher: EventPublisher,
            metrics: ServiceMetrics,
            personalData: PersonalData,
          ) =>
            whatsappChannel({
              config,
              dataSource,
              publisher,
              clock: options.clock ?? systemClock,
              metrics: new WhatsAppMetrics(metrics),
              logger: new Logger('whatsapp'),
              personalData,
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
