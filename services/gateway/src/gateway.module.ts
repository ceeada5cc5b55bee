import { PersonalData } from '@support/privacy';
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import {
  BusConnection,
  BusModule,
  type BusOptions,
  CONSUMER_SETTINGS,
  type ConsumerSettings,
  EventPublisher,
} from '@support/bus';
import { KnowledgeGaps } from '@support/knowledge';
import {
  ConversationReader,
  CustomerRateLimits,
  type DatabaseOptions,
  ClarificationReader,
  KnowledgeReader,
  PersistenceModule,
  PostgresRateBuckets,
  TurnTraceReader,
  AdminReplyReceipts,
  ALL_PROJECTIONS,
  projectionEvents,
} from '@support/persistence';
import {
  CLOCK,
  type Clock,
  HealthModule,
  ServiceMetrics,
  systemClock,
  tracerFor,
} from '@support/platform';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { TokenService } from './auth/token-service.js';
import { ConnectionRegistry } from './chat/connection-registry.js';
import { SignedConversationIds } from './chat/conversation-ids.js';
import { CustomerChat } from './chat/customer-chat.js';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { tracingTurns } from './chat/turn-traces.js';
import { AcceptedMessages } from './chat/accepted-messages.js';
import { RecordedCauses } from './chat/recorded-causes.js';
import { ReplyCausation } from './chat/reply-causation.js';
import { ReplyDelivery } from './chat/reply-delivery.js';
import { TurnLatency } from './chat/turn-latency.js';
import {
  GATEWAY_CONFIG,
  type GatewayConfig,
  gatewayConfigFromEnv,
} from './config/gateway-config.js';
import { demoModeWarning } from './config/demo-mode.js';
import { GatewayEvents } from './events/gateway.events.js';
import { GatewayRuntime } from './gateway-runtime.js';
import { AdminConsole } from './admin/admin-console.js';
import { AdminSocketServer } from './admin/admin-socket.server.js';
import { ProjectionEscalationQueries } from './admin/projection-escalation-queries.js';
import { AdminApiController } from './admin/admin-api.controller.js';
import { CustomerErasure } from './admin/customer-erasure.js';
import { RetentionJob } from './admin/retention-job.js';
import { ClaimEscalation } from './admin/claims/claim-escalation.js';
import { PostgresEscalationClaims } from './admin/claims/postgres-escalation-claims.js';
import { AdminPageController } from './web/admin-page.controller.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardConversations } from './dashboard/dashboard-conversations.js';
import { DashboardQueries } from './dashboard/dashboard-queries.js';
import { ChatPageController } from './web/chat-page.controller.js';
import { KnowledgeGapsController } from './knowledge/knowledge-gaps.controller.js';
import { CustomerConnectionCap } from './limits/customer-connection-cap.js';
import { GATEWAY_MIGRATIONS } from './limits/gateway-migrations.js';
import { PostgresConnectionLedger } from './limits/postgres-connection-ledger.js';

export interface GatewayModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly database?: Partial<DatabaseOptions>;
  readonly clock?: Clock;
}

@Module({})
export class GatewayModule {
  static register(options: GatewayModuleOptions = {}): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        HealthModule.forService('gateway'),
        BusModule.forRoot('gateway', options.bus),
        PersistenceModule.forRoot({ ...options.database, migrations: GATEWAY_MIGRATIONS }),
      ],
      // The projections' handlers first: they start before the live ones, as they always have.
      controllers: [
        projectionEvents(ALL_PROJECTIONS),
        GatewayEvents,
        ChatPageController,
        AdminPageController,
        AdminApiController,
        DashboardController,
        KnowledgeGapsController,
        AuthController,
      ],
      providers: [
        {
          provide: GATEWAY_CONFIG,
          useFactory: () => {
            const config = gatewayConfigFromEnv(options.env ?? process.env);
            const warning = demoModeWarning(config);
            if (warning) new Logger('gateway').warn(warning);
            return config;
          },
        },
        {
          provide: CONSUMER_SETTINGS,
          inject: [GATEWAY_CONFIG],
          useFactory: (config: GatewayConfig): ConsumerSettings => ({ instance: config.instance }),
        },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        {
          provide: TokenService,
          inject: [GATEWAY_CONFIG, CLOCK],
          useFactory: (config: GatewayConfig, clock: Clock) =>
            new TokenService(config.tokenSecret, clock),
        },
        { provide: ConnectionRegistry, useValue: new ConnectionRegistry() },
        {
          provide: AcceptedMessages,
          inject: [DataSource, BusConnection],
          useFactory: (dataSource: DataSource, bus: BusConnection) =>
            new AcceptedMessages(new RecordedCauses(dataSource, bus)),
        },
        {
          provide: TurnLatency,
          inject: [ServiceMetrics],
          useFactory: (metrics: ServiceMetrics) =>
            new TurnLatency((seconds) => metrics.stageTook('gateway_turn', seconds)),
        },
        {
          provide: ReplyDelivery,
          inject: [ConnectionRegistry, AcceptedMessages, TurnLatency],
          useFactory: (
            registry: ConnectionRegistry,
            accepted: AcceptedMessages,
            turns: TurnLatency,
          ) => new ReplyDelivery(registry, new ReplyCausation(accepted), turns),
        },
        {
          provide: CustomerRateLimits,
          inject: [DataSource, GATEWAY_CONFIG],
          useFactory: (dataSource: DataSource, config: GatewayConfig) =>
            new CustomerRateLimits(new PostgresRateBuckets(dataSource), {
              message: { burst: config.rateBurst, perMinute: config.ratePerMinute },
              hello: { burst: config.helloBurst, perMinute: config.helloPerMinute },
              demo_token: { burst: config.demoTokenBurst, perMinute: config.demoTokensPerMinute },
            }),
        },
        {
          provide: PostgresConnectionLedger,
          inject: [DataSource, GATEWAY_CONFIG],
          useFactory: (dataSource: DataSource, config: GatewayConfig) =>
            new PostgresConnectionLedger(dataSource, {
              instance: config.instance,
              leaseMs: config.connectionLeaseMs,
            }),
        },
        {
          provide: CustomerConnectionCap,
          inject: [PostgresConnectionLedger, GATEWAY_CONFIG],
          useFactory: (ledger: PostgresConnectionLedger, config: GatewayConfig) =>
            new CustomerConnectionCap(ledger, config.maxConnectionsPerCustomer),
        },
        {
          provide: CustomerChat,
          inject: [
            DataSource,
            EventPublisher,
            CLOCK,
            GATEWAY_CONFIG,
            CustomerRateLimits,
            AcceptedMessages,
            TurnLatency,
            PersonalData,
          ],
          useFactory: (
            dataSource: DataSource,
            publisher: EventPublisher,
            clock: Clock,
            config: GatewayConfig,
            rateLimits: CustomerRateLimits,
            accepted: AcceptedMessages,
            turns: TurnLatency,
            personalData: PersonalData,
          ) =>
            new CustomerChat(
              new ConversationReader(dataSource, personalData),
              tracingTurns(
                turns.timingSink(accepted.rememberingSink(publisher)),
                tracerFor('gateway'),
              ),
              clock,
              rateLimits,
              new SignedConversationIds(config.tokenSecret),
              personalData,
            ),
        },
        {
          provide: CustomerSocketServer,
          inject: [
            CustomerChat,
            TokenService,
            ConnectionRegistry,
            CustomerConnectionCap,
            GATEWAY_CONFIG,
          ],
          useFactory: (
            chat: CustomerChat,
            tokens: TokenService,
            registry: ConnectionRegistry,
            connections: CustomerConnectionCap,
            config: GatewayConfig,
          ) => new CustomerSocketServer(chat, tokens, registry, connections, config.maxFrameBytes),
        },
        {
          provide: CustomerErasure,
          inject: [DataSource, PersonalData, EventPublisher, CLOCK],
          useFactory: (
            dataSource: DataSource,
            personalData: PersonalData,
            publisher: EventPublisher,
            clock: Clock,
          ) => new CustomerErasure(dataSource, personalData, publisher, clock),
        },
        {
          provide: RetentionJob,
          inject: [CustomerErasure, GATEWAY_CONFIG],
          useFactory: (erasure: CustomerErasure, config: GatewayConfig) =>
            new RetentionJob(erasure, config.retentionDays),
        },
        {
          provide: ClaimEscalation,
          inject: [DataSource, EventPublisher, CLOCK],
          useFactory: (dataSource: DataSource, publisher: EventPublisher, clock: Clock) =>
            new ClaimEscalation(new PostgresEscalationClaims(dataSource), publisher, clock),
        },
        {
          provide: AdminConsole,
          inject: [DataSource, EventPublisher, CLOCK, ClaimEscalation, PersonalData],
          useFactory: (
            dataSource: DataSource,
            publisher: EventPublisher,
            clock: Clock,
            claims: ClaimEscalation,
            personalData: PersonalData,
          ) =>
            new AdminConsole(
              new ProjectionEscalationQueries(dataSource, personalData),
              publisher,
              clock,
              claims,
              new AdminReplyReceipts(dataSource),
              personalData,
            ),
        },
        {
          provide: AdminSocketServer,
          inject: [AdminConsole, TokenService],
          useFactory: (adminConsole: AdminConsole, tokens: TokenService) =>
            new AdminSocketServer(adminConsole, tokens),
        },
        {
          provide: TurnTraceReader,
          inject: [DataSource, PersonalData],
          useFactory: (dataSource: DataSource, personalData: PersonalData) =>
            new TurnTraceReader(dataSource, personalData),
        },
        {
          provide: DashboardQueries,
          inject: [DataSource, PersonalData, GATEWAY_CONFIG],
          useFactory: (dataSource: DataSource, personalData: PersonalData, config: GatewayConfig) =>
            new DashboardQueries(dataSource, personalData, { kbNamespace: config.kbNamespace }),
        },
        {
          provide: DashboardConversations,
          inject: [DataSource, PersonalData],
          useFactory: (dataSource: DataSource, personalData: PersonalData) =>
            new DashboardConversations(dataSource, personalData),
        },
        {
          provide: KnowledgeReader,
          inject: [DataSource, PersonalData],
          useFactory: (dataSource: DataSource, personalData: PersonalData) =>
            new KnowledgeReader(dataSource, personalData),
        },
        {
          provide: ClarificationReader,
          inject: [DataSource, PersonalData],
          useFactory: (dataSource: DataSource, personalData: PersonalData) =>
            new ClarificationReader(dataSource, personalData),
        },
        {
          provide: KnowledgeGaps,
          inject: [KnowledgeReader, EventPublisher, CLOCK, GATEWAY_CONFIG],
          useFactory: (
            reader: KnowledgeReader,
            publisher: EventPublisher,
            clock: Clock,
            config: GatewayConfig,
          ) => new KnowledgeGaps(reader, publisher, clock, { namespace: config.kbNamespace }),
        },
        GatewayRuntime,
      ],
    };
  }
}
