import { performance } from 'node:perf_hooks';
import { BusConnection, busOptionsFromEnv, EventPublisher } from '@support/bus';
import type { EventEnvelope } from '@support/contracts';
import { DashboardQueries } from '@support/gateway';
import { ALL_PROJECTIONS, openDatabase, replayFromStart } from '@support/persistence';
import { createTestDatabase, startNatsServer, uniqueName } from '@support/testing';
import { supportEvents } from './fixtures.js';
import { summarise } from './stats.js';

/**
 * `replay --from-start` speed: N events (messages, retrieval traces, replies, escalations) in a
 * fresh stream folded into every projection of a fresh database; then the dashboard's query time
 * over what the replay built.
 */
export async function replayBench(count: number): Promise<Record<string, unknown>> {
  const nats = await startNatsServer();
  const options = {
    ...busOptionsFromEnv('bench'),
    servers: nats.url,
    stream: uniqueName('BENCH_REPLAY'),
  };
  const bus = await BusConnection.open(options);
  const publisher = new EventPublisher(bus);
  const database = await createTestDatabase('support_bench_test');
  const dataSource = await openDatabase({ url: database.url });
  try {
    const loadStarted = performance.now();
    let batch: EventEnvelope[] = [];
    const flush = async () => {
      await Promise.all(batch.map((e) => publisher.publish(e)));
      batch = [];
    };
    for (const event of supportEvents(count)) {
      batch.push(event);
      if (batch.length === 256) await flush();
    }
    await flush();
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const memoryBefore = process.memoryUsage().rss;
    const result = await replayFromStart(bus, dataSource, ALL_PROJECTIONS);
    const rows = Object.fromEntries(
      await Promise.all(
        ALL_PROJECTIONS.flatMap((p) => p.tables).map(async (table) => {
          const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`);
          return [table, n] as const;
        }),
      ),
    );
    const queries = new DashboardQueries(dataSource);
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await queries.load(new Date(Date.UTC(2026, 9, 1)), new Date(Date.UTC(2027, 0, 1)));
      timings.push(performance.now() - started);
    }
    return {
      events: result.events,
      applied: result.applied,
      rows,
      publish_events_per_s: Math.round(count / loadSeconds),
      replay_ms: result.elapsedMs,
      replay_events_per_s: Math.round(result.events / (result.elapsedMs / 1000)),
      rss_growth_mb: Math.round((process.memoryUsage().rss - memoryBefore) / 1e6),
      dashboard_query_ms: summarise(timings),
    };
  } finally {
    await dataSource.destroy();
    await database.drop();
    await bus.close();
    await nats.stop();
  }
}
