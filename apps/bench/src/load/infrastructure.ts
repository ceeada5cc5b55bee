import { BusConnection, busOptionsFromEnv, EventPublisher } from '@support/bus';
import { systemClock } from '@support/platform';
import { TokenService } from '@support/gateway';
import { createTestDatabase, startNatsServer, uniqueName } from '@support/testing';
import type { Defer } from './teardown.js';

const TOKEN_SECRET = 'bench-load-secret-bench-load-secret-0123456';

export interface BenchInfrastructure {
  /** What every service child gets: the bus, the database, the token secret, quiet logs. */
  readonly env: Record<string, string>;
  readonly bus: BusConnection;
  readonly publisher: EventPublisher;
  readonly tokens: TokenService;
}

/**
 * A bench-owned nats-server with a unique stream and a throw-away database; both go away through
 * `defer`. The bench's own bus connection creates the stream before any service starts.
 */
export async function startInfrastructure(defer: Defer): Promise<BenchInfrastructure> {
  const nats = await startNatsServer();
  defer(() => nats.stop());
  const database = await createTestDatabase('support_bench_test');
  defer(() => database.drop());
  const env = {
    NATS_URL: nats.url,
    EVENT_STREAM: uniqueName('BENCH_LOAD'),
    DATABASE_URL: database.url,
    AUTH_TOKEN_SECRET: TOKEN_SECRET,
    LOG_LEVELS: 'error,warn',
  };
  const bus = await BusConnection.open(busOptionsFromEnv('bench', env));
  defer(() => bus.close());
  return {
    env,
    bus,
    publisher: new EventPublisher(bus),
    tokens: new TokenService(TOKEN_SECRET, systemClock),
  };
}
