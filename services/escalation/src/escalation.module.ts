import { PersonalData } from '@support/privacy';
import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { BusModule, type BusOptions, EventPublisher } from '@support/bus';
import { KnowledgeGaps } from '@support/knowledge';
import {
  AdminReplyReceipts,
  type DatabaseOptions,
  KnowledgeReader,
  PersistenceModule,
} from '@support/persistence';
import {
  busEnv,
  CLOCK,
  ConfigError,
  type Clock,
  HealthModule,
  loadConfig,
  systemClock,
} from '@support/platform';
import { DataSource } from 'typeorm';
import { ConsoleAdminChannel } from './adapters/console-admin-channel.js';
import { SlackAdminChannel } from './adapters/slack-admin-channel.js';
import { escalationOwnEnv } from './escalation-env.js';
import { EscalationEvents } from './escalation.events.js';
import {
  ESCALATION_ENTITIES,
  ESCALATION_MIGRATIONS,
} from './persistence/escalation-persistence.js';
import { ThreadStore } from './persistence/thread-store.js';
import type { AdminChannel } from './ports/admin-channel.js';
import { AdminAllowList } from './use-cases/admin-allow-list.js';
import { DraftFromThread } from './use-cases/draft-from-thread.js';
import { MarkEscalationResolved } from './use-cases/mark-escalation-resolved.js';
import { NoteChannelDelivery } from './use-cases/note-channel-delivery.js';
import { NoteWithdrawal } from './use-cases/note-withdrawal.js';
import { OpenHandoffThread } from './use-cases/open-thread.js';
import { PostClaimNotice } from './use-cases/post-claim-notice.js';
import { RelayAdminReply } from './use-cases/relay-admin-reply.js';
import { RelayCustomerMessage } from './use-cases/relay-customer-message.js';
import { EraseCustomerThreads } from './use-cases/erase-customer-threads.js';

export interface EscalationModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly database?: Partial<DatabaseOptions>;
  readonly clock?: Clock;
}

/** The configured admin channel (Slack or the console); resolve it to reach the Slack adapter. */
export const ADMIN_CHANNEL = Symbol('ADMIN_CHANNEL');

type EscalationConfig = ReturnType<typeof loadConfig<typeof escalationOwnEnv>>;

/** Chooses the admin channel from configuration: Slack with SLACK_BOT_TOKEN, else the console. */
export function adminChannelFromConfig(config: EscalationConfig): AdminChannel {
  if (!config.SLACK_BOT_TOKEN) return new ConsoleAdminChannel();
  if (!config.SLACK_CHANNEL)
    throw new ConfigError('SLACK_CHANNEL', 'is required when SLACK_BOT_TOKEN is set');
  return new SlackAdminChannel({
    botToken: config.SLACK_BOT_TOKEN,
    channel: config.SLACK_CHANNEL,
    ...(config.SLACK_SIGNING_SECRET ? { signingSecret: config.SLACK_SIGNING_SECRET } : {}),
    ...(config.SLACK_APP_TOKEN ? { appToken: config.SLACK_APP_TOKEN } : {}),
    apiUrl: config.SLACK_API_URL,
    eventsPort: config.SLACK_EVENTS_PORT,
    eventsHost: config.SLACK_EVENTS_HOST,
    eventsPath: config.SLACK_EVENTS_PATH,
    requestTimeoutMs: config.SLACK_REQUEST_TIMEOUT_MS,
    retries: config.SLACK_RETRIES,
  });
}

/**
 * Who may answer customers from a thread. With Slack, the allow-list is required: anyone in the
 * channel can reply in a thread, and an empty list would either relay them all or nobody.
 */
export function adminAllowListFromConfig(config: EscalationConfig): AdminAllowList {
  if (!config.SLACK_BOT_TOKEN) return AdminAllowList.signedInElsewhere();
  if (!config.SLACK_ADMIN_USER_IDS)
    throw new ConfigError('SLACK_ADMIN_USER_IDS', 'is required when SLACK_BOT_TOKEN is set');
  return AdminAllowList.only(config.SLACK_ADMIN_USER_IDS);
}

/** Translates admin replies into the use cases; starts and stops the channel. */
@Injectable()
class EscalationRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('escalation');

  constructor(
    @Inject(ADMIN_CHANNEL) private readonly channel: AdminChannel,
    @Inject(RelayAdminReply) private readonly relayReply: RelayAdminReply,
    @Inject(DraftFromThread) private readonly draftFromThread: DraftFromThread,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.channel.onKnowledgeDraft?.(this.draftFromThread);
    this.channel.onAdminReply(async (reply) => {
      const outcome = await this.relayReply.fromThread(reply, this.channel.provider);
      if (outcome === 'duplicate' && reply.retryNum !== undefined)
        this.logger.log(`ignored Slack retry ${reply.retryNum} of ${reply.externalId}`);
      if (outcome !== 'published' && outcome !== 'duplicate')
        this.logger.warn(
          `thread reply ${reply.externalId} by ${reply.adminId} not relayed: ${outcome}`,
        );
    });
    await this.channel.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel.stop();
  }
}

/** Slack threads (or the admin console) for escalated conversations, relaying both ways. */
@Module({})
export class EscalationModule {
  static register(options: EscalationModuleOptions = {}): DynamicModule {
    const env = options.env ?? process.env;
    const config = loadConfig(escalationOwnEnv, env);
    const busConfig = loadConfig(busEnv, env);
    // A Slack outage must not exhaust the deliveries of `escalation.raised` within seconds.
    const bus: Partial<BusOptions> = {
      maxDeliver: Math.max(busConfig.BUS_MAX_DELIVER, config.ESCALATION_MAX_DELIVER),
      backoffMs: [1_000, 5_000, 15_000, 30_000, 60_000],
      ...options.bus,
    };
    return {
      module: EscalationModule,
      imports: [
        HealthModule.forService('escalation'),
        BusModule.forRoot('escalation', bus),
        PersistenceModule.forRoot({
          ...options.database,
          entities: ESCALATION_ENTITIES,
          migrations: ESCALATION_MIGRATIONS,
        }),
      ],
      controllers: [EscalationEvents],
      providers: [
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: ADMIN_CHANNEL, useFactory: () => adminChannelFromConfig(config) },
        {
          provide: ThreadStore,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new ThreadStore(dataSource),
        },
        {
          provide: OpenHandoffThread,
          inject: [ADMIN_CHANNEL, ThreadStore, EventPublisher, CLOCK, PersonalData],
          useFactory: (
            c: AdminChannel,
            s: ThreadStore,
            p: EventPublisher,
            clock: Clock,
            personal: PersonalData,
          ) => new OpenHandoffThread(c, s, p, clock, personal),
        },
        {
          provide: EraseCustomerThreads,
          inject: [ADMIN_CHANNEL, ThreadStore],
          useFactory: (c: AdminChannel, s: ThreadStore) => new EraseCustomerThreads(c, s),
        },
        {
          provide: RelayCustomerMessage,
          inject: [ADMIN_CHANNEL, ThreadStore, CLOCK, PersonalData],
          useFactory: (c: AdminChannel, s: ThreadStore, clock: Clock, personal: PersonalData) =>
            new RelayCustomerMessage(c, s, clock, personal),
        },
        {
          provide: RelayAdminReply,
          inject: [ThreadStore, EventPublisher, CLOCK, ADMIN_CHANNEL, DataSource, PersonalData],
          useFactory: (
            s: ThreadStore,
            p: EventPublisher,
            clock: Clock,
            c: AdminChannel,
            dataSource: DataSource,
            personal: PersonalData,
          ) =>
            new RelayAdminReply(
              s,
              p,
              clock,
              c,
              adminAllowListFromConfig(config),
              new AdminReplyReceipts(dataSource),
              personal,
              config.REPLY_LINK_HOSTS,
            ),
        },
        {
          provide: PostClaimNotice,
          inject: [ADMIN_CHANNEL, ThreadStore, CLOCK],
          useFactory: (c: AdminChannel, s: ThreadStore, clock: Clock) =>
            new PostClaimNotice(c, s, clock),
        },
        {
          provide: NoteChannelDelivery,
          inject: [ADMIN_CHANNEL, ThreadStore, CLOCK],
          useFactory: (c: AdminChannel, s: ThreadStore, clock: Clock) =>
            new NoteChannelDelivery(c, s, clock),
        },
        {
          provide: MarkEscalationResolved,
          inject: [ThreadStore],
          useFactory: (s: ThreadStore) => new MarkEscalationResolved(s),
        },
        {
          provide: NoteWithdrawal,
          inject: [ADMIN_CHANNEL, ThreadStore, CLOCK],
          useFactory: (c: AdminChannel, s: ThreadStore, clock: Clock) =>
            new NoteWithdrawal(c, s, clock),
        },
        {
          // The gateway's projections (escalations, knowledge) share this database: the gateway
          // folds them, this service only reads them to find a thread's gap and its draft.
          provide: KnowledgeReader,
          inject: [DataSource, PersonalData],
          useFactory: (dataSource: DataSource, personalData: PersonalData) =>
            new KnowledgeReader(dataSource, personalData),
        },
        {
          provide: KnowledgeGaps,
          inject: [KnowledgeReader, EventPublisher, CLOCK],
          useFactory: (reader: KnowledgeReader, publisher: EventPublisher, clock: Clock) =>
            new KnowledgeGaps(reader, publisher, clock, {
              ...(config.KB_NAMESPACE ? { namespace: config.KB_NAMESPACE } : {}),
            }),
        },
        {
          provide: DraftFromThread,
          inject: [ThreadStore, KnowledgeGaps, KnowledgeReader],
          useFactory: (s: ThreadStore, gaps: KnowledgeGaps, reader: KnowledgeReader) =>
            new DraftFromThread(s, gaps, reader, adminAllowListFromConfig(config)),
        },
        EscalationRuntime,
      ],
      exports: [ADMIN_CHANNEL, RelayAdminReply],
    };
  }
}
