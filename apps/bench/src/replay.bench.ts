import { performance } from 'node:perf_hooks';
import { BusConnection, EventPublisher, busOptionsFromEnv } from '@support/bus';
import { conversationsProjection, openDatabase, replayFromStart } from '@support/persistence';
import { createTestDatabase, startNatsServer, uniqueName } from '@support/testing';
import { conversationEvents } from './fixtures.js';

/** `replay --from-start` speed: N events in a fresh stream folded into a fresh database. */
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
    const events = conversationEvents(count);
    const loadStarted = performance.now();
    for (let i = 0; i < events.length; i += 256)
      await Promise.all(events.slice(i, i + 256).map((e) => publisher.publish(e)));
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const memoryBefore = process.memoryUsage().rss;
    const result = await replayFromStart(bus, dataSource, [conversationsProjection]);
    const [{ messages }] = await dataSource.query('SELECT count(*)::int AS messages FROM messages');
    return {
      events: result.events,
      applied: result.applied,
      rows_messages: messages,
      publish_events_per_s: Math.round(events.length / loadSeconds),
      replay_ms: result.elapsedMs,
      replay_events_per_s: Math.round(result.events / (result.elapsedMs / 1000)),
      rss_growth_mb: Math.round((process.memoryUsage().rss - memoryBefore) / 1e6),
    };
  } finally {
    await dataSource.destroy();
    await database.drop();
    await bus.close();
    await nats.stop();
  }
}
