import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CustomerRateLimits,
  openDatabase,
  PostgresRateBuckets,
  type RateRules,
} from '@support/persistence';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource } from 'typeorm';
import { CustomerConnectionCap } from './customer-connection-cap.js';
import { GATEWAY_MIGRATIONS } from './gateway-migrations.js';
import { PostgresConnectionLedger } from './postgres-connection-ledger.js';

const RULES: RateRules = {
  message: { burst: 5, perMinute: 60 },
  hello: { burst: 2, perMinute: 60 },
  demo_token: { burst: 2, perMinute: 60 },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failOnError = (error: unknown) => {
  throw error;
};

/** How many of the attempts were let through; every refusal must be `rate_limited`. */
async function granted(attempts: Promise<unknown>[]): Promise<number> {
  const results = await Promise.allSettled(attempts);
  for (const result of results)
    if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'rate_limited' });
  return results.filter((r) => r.status === 'fulfilled').length;
}

// Two "replicas": each with its own connection pool to one database, as two gateway processes.
describe('per-customer limits shared by two gateway replicas through Postgres', () => {
  let database: TestDatabase;
  let replicaA: DataSource;
  let replicaB: DataSource;
  const ledgers: PostgresConnectionLedger[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('gateway_limits_test');
    const open = () =>
      openDatabase({ url: database.url, migrations: GATEWAY_MIGRATIONS, poolSize: 4 });
    replicaA = await open();
    replicaB = await open();
  });

  afterAll(async () => {
    for (const ledger of ledgers) await ledger.stop().catch(() => undefined);
    await replicaA?.destroy();
    await replicaB?.destroy();
    await database?.drop();
  });

  const limitsOn = (dataSource: DataSource) =>
    new CustomerRateLimits(new PostgresRateBuckets(dataSource), RULES);
  const ledgerOn = (dataSource: DataSource, instance: string, leaseMs = 30_000) => {
    const ledger = new PostgresConnectionLedger(dataSource, { instance, leaseMs });
    ledgers.push(ledger);
    return ledger;
  };
  const liveConnections = async (customerId: string) => {
    const [row]: { n: number }[] = await replicaA.query(
      `SELECT count(*)::int AS n FROM gateway_connections c JOIN gateway_leases l USING (owner)
       WHERE c.customer_id = $1 AND l.expires_at > clock_timestamp()`,
      [customerId],
    );
    return row!.n;
  };

  it('spends one message bucket per customer, whichever replica takes', async () => {
    const [a, b] = [limitsOn(replicaA), limitsOn(replicaB)];
    for (const limits of [a, a, a, b, b]) await limits.take('cust-shared', 'message');
    await expect(a.take('cust-shared', 'message')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(b.take('cust-shared', 'message')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many messages; wait \d+ s/),
    });
    // Another customer, and the same customer's hellos, have buckets of their own.
    await a.take('cust-other', 'message');
    await b.take('cust-shared', 'hello');

    await sleep(1_100); // one token back at 60 a minute, for one replica or the other
    await b.take('cust-shared', 'message');
    await expect(a.take('cust-shared', 'message')).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('grants exactly the burst to a concurrent flood split over both replicas', async () => {
    const [a, b] = [limitsOn(replicaA), limitsOn(replicaB)];
    const flood = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? a : b).take('cust-flood', 'message'),
    );
    expect(await granted(flood)).toBe(RULES.message.burst);
    const hellos = Array.from({ length: 30 }, (_, i) =>
      (i % 2 ? a : b).take('cust-flood', 'hello'),
    );
    expect(await granted(hellos)).toBe(RULES.hello.burst);
  });

  it('forgets buckets idle long enough to be full again', async () => {
    const fast = new CustomerRateLimits(new PostgresRateBuckets(replicaA), {
      message: { burst: 1, perMinute: 600_000 },
      hello: { burst: 1, perMinute: 600_000 },
      demo_token: { burst: 1, perMinute: 600_000 },
    });
    await fast.take('cust-idle', 'message');
    const rows = () =>
      replicaA.query(`SELECT 1 FROM gateway_rate_buckets WHERE customer_id = 'cust-idle'`);
    expect(await rows()).toHaveLength(1);
    await sleep(20);
    await fast.forgetIdle();
    expect(await rows()).toHaveLength(0);
  });

  it('caps a customer’s sockets across replicas, also when they open at once', async () => {
    const [ledgerA, ledgerB] = [ledgerOn(replicaA, 'gw-a'), ledgerOn(replicaB, 'gw-b')];
    await ledgerA.start(failOnError);
    await ledgerB.start(failOnError);
    const [capA, capB] = [
      new CustomerConnectionCap(ledgerA, 3),
      new CustomerConnectionCap(ledgerB, 3),
    ];

    const opened = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => {
        const on = i % 2 ? 'A' : 'B';
        return (on === 'A' ? capA : capB).admit('cust-tabs').then((held) => ({ held, on }));
      }),
    );
    const admitted = opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(admitted).toHaveLength(3);
    for (const refused of opened.filter((r) => r.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({
        code: 'rate_limited',
        message: expect.stringContaining('at most 3'),
      });
    expect(await liveConnections('cust-tabs')).toBe(3);
    await expect(capB.admit('cust-tabs')).rejects.toMatchObject({ code: 'rate_limited' });
    await capA.admit('cust-someone-else');

    // A closed socket frees its slot for either replica; releasing twice frees one.
    const [closed, ...stillOpen] = admitted;
    await closed!.held.release();
    await closed!.held.release();
    await capB.admit('cust-tabs');
    await expect(capA.admit('cust-tabs')).rejects.toMatchObject({ code: 'rate_limited' });

    // A replica that shuts down frees its sockets at once.
    await ledgerB.stop();
    expect(await liveConnections('cust-tabs')).toBe(stillOpen.filter((c) => c.on === 'A').length);
  });

  it('stops counting a crashed replica’s sockets when its lease runs out', async () => {
    const crashed = ledgerOn(replicaB, 'gw-crashed', 1_000);
    await crashed.register(); // and then never renews: the process is gone
    const capCrashed = new CustomerConnectionCap(crashed, 2);
    await capCrashed.admit('cust-crash');
    await capCrashed.admit('cust-crash');

    const survivor = ledgerOn(replicaA, 'gw-survivor');
    await survivor.start(failOnError);
    const capSurvivor = new CustomerConnectionCap(survivor, 2);
    await expect(capSurvivor.admit('cust-crash')).rejects.toMatchObject({ code: 'rate_limited' });

    await sleep(1_200);
    await capSurvivor.admit('cust-crash');
    // The survivor's renewal deletes the dead lease and, with it, its rows.
    await survivor.renew();
    const [rows] = await replicaA.query(
      `SELECT count(*)::int AS n FROM gateway_connections WHERE owner = $1`,
      [crashed.owner],
    );
    expect(rows.n).toBe(0);
  });

  it('takes back its lease and its sockets when another replica swept them during a pause', async () => {
    const paused = ledgerOn(replicaB, 'gw-paused', 1_000);
    await paused.register();
    const capPaused = new CustomerConnectionCap(paused, 2);
    await capPaused.admit('cust-pause');
    await capPaused.admit('cust-pause');
    await sleep(1_200);
    const other = ledgerOn(replicaA, 'gw-other');
    await other.register();
    await other.renew(); // sweeps the lease that ran out
    expect(await liveConnections('cust-pause')).toBe(0);

    await paused.renew(); // the paused process wakes up: its two sockets are still open
    expect(await liveConnections('cust-pause')).toBe(2);
    await expect(new CustomerConnectionCap(other, 2).admit('cust-pause')).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });
});
