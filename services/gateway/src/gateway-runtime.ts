import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CustomerRateLimits } from '@support/persistence/pure';
import { AdminSocketServer } from './admin/admin-socket.server.js';
import { CustomerSocketServer } from './chat/customer-socket.server.js';
import { PostgresConnectionLedger } from './limits/postgres-connection-ledger.js';

/** Starts what the gateway runs besides HTTP and its event handlers: the socket servers. */
@Injectable()
export class GatewayRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('gateway');

  constructor(
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
    @Inject(CustomerSocketServer) private readonly sockets: CustomerSocketServer,
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
  }

  /** Before Nest closes the HTTP server, which would otherwise wait for the open sockets forever. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.sockets.close();
    await this.admins.close();
    this.rateLimits.stop();
    await this.ledger.stop();
  }
}
