import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { consumerName, EventConsumers } from '@support/bus';
import { EscalationRaised, ReplySent } from '@support/contracts';
import { conversationsProjection, runProjection } from '@support/persistence';
import { DataSource } from 'typeorm';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { ReplyDelivery } from './chat/reply-delivery.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';

/** Starts what the gateway runs besides HTTP: the socket server, delivery and the projection. */
@Injectable()
export class GatewayRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
    @Inject(CustomerSocketServer) private readonly sockets: CustomerSocketServer,
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(ReplyDelivery) private readonly delivery: ReplyDelivery,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sockets.attach(this.http.httpAdapter.getHttpServer());
    await runProjection(this.consumers, this.dataSource, conversationsProjection);
    // Delivery consumers are per gateway instance and start at the live end of the stream:
    // a reconnecting customer gets earlier replies from the history in `ready`.
    const instance = `gateway-${this.config.instance}`;
    await this.consumers.subscribe({
      durable: consumerName(instance, ReplySent),
      event: ReplySent,
      deliverPolicy: 'new',
      handle: async (event) => this.delivery.replySent(event),
    });
    await this.consumers.subscribe({
      durable: consumerName(instance, EscalationRaised),
      event: EscalationRaised,
      deliverPolicy: 'new',
      handle: async (event) => this.delivery.escalationRaised(event),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sockets.close();
  }
}
