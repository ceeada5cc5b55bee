import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { consumerName, EventConsumers } from '@support/bus';
import {
  AdminReplied,
  EscalationClassified,
  EscalationRaised,
  type EnvelopeOf,
  type EventDefinition,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { ALL_PROJECTIONS, runProjection } from '@support/persistence';
import { adminFrames } from './admin/admin-feed.js';
import { AdminSocketServer } from './admin/admin-socket.server.js';
import { DataSource } from 'typeorm';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { ReplyDelivery } from './chat/reply-delivery.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';

/** Starts what the gateway runs besides HTTP: the socket server, delivery and the projection. */
@Injectable()
export class GatewayRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
    @Inject(CustomerSocketServer) private readonly sockets: CustomerSocketServer,
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(ReplyDelivery) private readonly delivery: ReplyDelivery,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AdminSocketServer) private readonly admins: AdminSocketServer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = this.http.httpAdapter.getHttpServer();
    this.sockets.attach(server);
    this.admins.attach(server);
    for (const projection of ALL_PROJECTIONS)
      await runProjection(this.consumers, this.dataSource, projection);
    // Delivery consumers are per gateway instance and start at the live end of the stream:
    // a reconnecting customer or admin gets what came before from the projections.
    const instance = `gateway-${this.config.instance}`;
    const live = <D extends EventDefinition>(event: D, handle: (event: EnvelopeOf<D>) => void) =>
      this.consumers.subscribe({
        durable: consumerName(instance, event),
        event,
        deliverPolicy: 'new',
        handle: async (envelope) => handle(envelope),
      });
    await live(ReplySent, (event) => {
      this.delivery.replySent(event);
      this.admins.broadcast(adminFrames.reply(event));
    });
    await live(EscalationRaised, (event) => {
      this.delivery.escalationRaised(event);
      this.admins.broadcast(adminFrames.raised(event));
    });
    await live(MessageReceived, (event) =>
      this.admins.broadcast(adminFrames.customerMessage(event)),
    );
    await live(AdminReplied, (event) => this.admins.broadcast(adminFrames.adminReplied(event)));
    await live(EscalationClassified, (event) =>
      this.admins.broadcast(adminFrames.classified(event)),
    );
  }

  /** Before Nest closes the HTTP server, which would otherwise wait for the open sockets forever. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.sockets.close();
    await this.admins.close();
  }
}
