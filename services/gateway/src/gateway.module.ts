import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions, EventPublisher } from '@support/bus';
import {
  ConversationReader,
  type DatabaseOptions,
  PersistenceModule,
  TurnTraceReader,
} from '@support/persistence';
import { CLOCK, type Clock, HealthModule, systemClock } from '@support/platform';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { TokenService } from './auth/token-service.js';
import { ConnectionRegistry } from './chat/connection-registry.js';
import { SignedConversationIds } from './chat/conversation-ids.js';
import { CustomerChat } from './chat/customer-chat.js';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { ReplyDelivery } from './chat/reply-delivery.js';
import {
  GATEWAY_CONFIG,
  type GatewayConfig,
  gatewayConfigFromEnv,
} from './config/gateway-config.js';
import { GatewayRuntime } from './gateway-runtime.js';
import { AdminConsole } from './admin/admin-console.js';
import { AdminSocketServer } from './admin/admin-socket.server.js';
import { ProjectionEscalationQueries } from './admin/projection-escalation-queries.js';
import { AdminPageController } from './web/admin-page.controller.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardQueries } from './dashboard/dashboard-queries.js';
import { ChatPageController } from './web/chat-page.controller.js';

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
        PersistenceModule.forRoot(options.database),
      ],
      controllers: [ChatPageController, AdminPageController, DashboardController, AuthController],
      providers: [
        {
          provide: GATEWAY_CONFIG,
          useFactory: () => gatewayConfigFromEnv(options.env ?? process.env),
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
          provide: ReplyDelivery,
          inject: [ConnectionRegistry],
          useFactory: (registry: ConnectionRegistry) => new ReplyDelivery(registry),
        },
        {
          provide: CustomerChat,
          inject: [DataSource, EventPublisher, CLOCK, GATEWAY_CONFIG],
          useFactory: (
            dataSource: DataSource,
            publisher: EventPublisher,
            clock: Clock,
            config: GatewayConfig,
          ) =>
            new CustomerChat(
              new ConversationReader(dataSource),
              publisher,
              clock,
              config,
              new SignedConversationIds(config.tokenSecret),
            ),
        },
        {
          provide: CustomerSocketServer,
          inject: [CustomerChat, TokenService, ConnectionRegistry, GATEWAY_CONFIG],
          useFactory: (
            chat: CustomerChat,
            tokens: TokenService,
            registry: ConnectionRegistry,
            config: GatewayConfig,
          ) => new CustomerSocketServer(chat, tokens, registry, config.maxFrameBytes),
        },
        {
          provide: AdminConsole,
          inject: [DataSource, EventPublisher, CLOCK],
          useFactory: (dataSource: DataSource, publisher: EventPublisher, clock: Clock) =>
            new AdminConsole(new ProjectionEscalationQueries(dataSource), publisher, clock),
        },
        {
          provide: AdminSocketServer,
          inject: [AdminConsole, TokenService],
          useFactory: (adminConsole: AdminConsole, tokens: TokenService) =>
            new AdminSocketServer(adminConsole, tokens),
        },
        {
          provide: TurnTraceReader,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new TurnTraceReader(dataSource),
        },
        {
          provide: DashboardQueries,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new DashboardQueries(dataSource),
        },
        GatewayRuntime,
      ],
    };
  }
}
