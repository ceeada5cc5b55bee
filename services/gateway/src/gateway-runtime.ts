import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { consumerName, EventConsumers } from '@support/bus';
import {
  AdminReplied,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EnvelopeOf,
  type EventDefinition,
  isSynthetic,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { ALL_PROJECTIONS, CustomerRateLimits, runProjection } from '@support/persistence';
import { adminFrames } from './admin/admin-feed.js';
import { AdminSocketServer } from './admin/admin-socket.server.js';
import { DataSource } from 'typeorm';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { ReplyDelivery } from './chat/reply-delivery.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';
import { PostgresConnectionLedger } from './limits/postgres-connection-ledger.js';

/** Starts what the gateway runs besides HTTP: the socket server, delivery and the projection. */
@Injectable()
export class GatewayRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('gateway');

  constructor(
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
    @Inject(CustomerSocketServer) private readonly sockets: CustomerSocketServer,
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(ReplyDelivery) private readonly delivery: ReplyDelivery,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AdminSocketServer) private readonly admins: AdminSocketServer,
    @Inject(PostgresConnectionLedger) private readonly ledger: PostgresConnectionLedger,
    @Inject(CustomerRateLimits) private readonly rateLimits: CustomerRateLimits,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = this.http.httpAdapter.getHttpServer();
    // The lease first: connections are recorded under it.
    await this.ledger.start((error) => this.logger.warn(`connection lease: ${String(error)}`));
    this.rateLimits.start((error) => this.logger.warn(`rate bucket sweep: ${String(error)}`));
    this.sockets.attach(server);
    this.admins.attach(server);
    for (const projection of ALL_PROJECTIONS)
      await runProjection(this.consumers, this.dataSource, projection);
    // Delivery consumers are per gateway instance and start at the live end of the stream:
    // a reconnecting customer or admin gets what came before from the projections. Evaluation
    // traffic (synthetic events) reaches neither: it has no customer socket, and no admin handles
    // it (the projections leave it out, so its replies' causes would never be recorded either).
    const instance = `gateway-${this.config.instance}`;
    const live = <D extends EventDefinition>(
      event: D,
      handle: (event: EnvelopeOf<D>) => void | Promise<void>,
      concurrency = 1,
    ) =>
      this.consumers.subscribe({
        durable: consumerName(instance, event),
        event,
        deliverPolicy: 'new',
        concurrency,
        handle: async (envelope) => {
          if (!isSynthetic(envelope)) await handle(envelope);
        },
      });
    // Replies and handoffs reach sockets and admins only once their causation checks out (a few
    // reads each, so several conversations are checked at once).
    await live(
      ReplySent,
      async (event) => {
        await this.delivery.replySent(event);
        this.admins.broadcast(adminFrames.reply(event));
      },
      8,
    );
    await live(
      EscalationRaised,
      async (event) => {
        await this.delivery.escalationRaised(event);
        this.admins.broadcast(adminFrames.raised(event));
      },
      8,
    );
    await live(MessageReceived, (event) =>
      this.admins.broadcast(adminFrames.customerMessage(event)),
    );
    await live(AdminReplied, (event) => this.admins.broadcast(adminFrames.adminReplied(event)));
    await live(EscalationClassified, (event) =>
      this.admins.broadcast(adminFrames.classified(event)),
    );
    // Every console shows who holds an escalation as soon as the claim is in the log.
    await live(EscalationClaimed, (event) => this.admins.broadcast(adminFrames.claimed(event)));
    await live(EscalationClaimReleased, (event) =>
      this.admins.broadcast(adminFrames.claimReleased(event)),
    );
    await live(EscalationWithdrawn, async (event) => {
      await this.delivery.escalationWithdrawn(event);
      this.admins.broadcast(adminFrames.withdrawn(event));
    });
  }

  /** Before Nest closes the HTTP server, which would otherwise wait for the open sockets forever. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.sockets.close();
    await this.admins.close();
    this.rateLimits.stop();
    await this.ledger.stop();
  }
}
