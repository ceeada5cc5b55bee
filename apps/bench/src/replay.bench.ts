import { performance } from 'node:perf_hooks';
import { BusConnection, busOptionsFromEnv, EventPublisher } from '@support/bus';
import type { EventEnvelope } from '@support/contracts';
import { DashboardQueries } from '@support/gateway';
import {
  ALL_PROJECTIONS,
  openDatabase,
  personalDataOf,
  replayFromStart,
} from '@support/persistence';
import { createTestDatabase, startNatsServer, uniqueName } from '@support/testing';
import { supportEvents } from './fixtures.js';
import { rawPipelineBaseline } from './raw-pipeline.js';
import { summarise } from './stats.js';

/**
 * `replay --from-start` speed: N events (messages, retrieval traces, replies, escalations) in a
 * fresh stream folded into every projection of a fresh database, beside the raw pipeline of the
 * same machine over the same stream in the same run (ordered read, JSON parse, one row per event
 * inserted with unnest; run before and after the replay) and the ratio of the two; then the dashboard's query time over what the
 * replay built.
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

    // The raw pipeline runs before and after the replay: on a shared machine the load drifts, and
    // the ratio is taken to their mean.
    const rawBefore = await rawPipelineBaseline(bus, dataSource);
    const memoryBefore = process.memoryUsage().rss;
    const result = await replayFromStart(bus, dataSource, ALL_PROJECTIONS);
    const rssGrowth = process.memoryUsage().rss - memoryBefore;
    const rawAfter = await rawPipelineBaseline(bus, dataSource);
    const rawEventsPerSecond = (rawBefore.eventsPerSecond + rawAfter.eventsPerSecond) / 2;
    const replayEventsPerSecond = result.events / (result.elapsedMs / 1000);
    const rows = Object.fromEntries(
      await Promise.all(
        ALL_PROJECTIONS.flatMap((p) => p.tables).map(async (table) => {
          const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`);
          return [table, n] as const;
        }),
      ),
    );
    const queries = new DashboardQueries(dataSource, personalDataOf(dataSource));
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
      raw_pipeline_events_per_s: Math.round(rawEventsPerSecond),
      raw_pipeline_before_after_events_per_s: [rawBefore, rawAfter].map((r) =>
        Math.round(r.eventsPerSecond),
      ),
      replay_ms: result.elapsedMs,
      replay_events_per_s: Math.round(replayEventsPerSecond),
      replay_over_raw: Math.round((replayEventsPerSecond / rawEventsPerSecond) * 100) / 100,
      rss_growth_mb: Math.round(rssGrowth / 1e6),
      dashboard_query_ms: summarise(timings),
    };
  } finally {
    await dataSource.destroy();
    await database.drop();
    await bus.close();
    await nats.stop();
  }
}
