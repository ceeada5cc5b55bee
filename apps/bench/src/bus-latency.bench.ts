import { performance } from 'node:perf_hooks';
import {
  BusConnection,
  EventConsumerRunner,
  EventPublisher,
  busOptionsFromEnv,
} from '@support/bus';
import { MessageReceived } from '@support/contracts';
import { startNatsServer, uniqueName } from '@support/testing';
import { messageEvents } from './fixtures.js';
import { summarise } from './stats.js';

/**
 * Publish-to-consume latency through the real bus path: validate, publish and wait for the stream's
 * ack, durable pull consumer, validate, handler, ack. Sequential (one event in flight) for latency,
 * then 64 in flight for throughput.
 */
export async function busLatencyBench(count: number): Promise<Record<string, unknown>> {
  // A bench-owned nats-server: the stream's subjects (support.>) must not overlap a running system's.
  const nats = await startNatsServer();
  const options = {
    ...busOptionsFromEnv('bench'),
    servers: nats.url,
    stream: uniqueName('BENCH_LAT'),
  };
  const bus = await BusConnection.open(options);
  const publisher = new EventPublisher(bus);
  const runner = new EventConsumerRunner(bus, publisher, {
    warn: () => undefined,
    error: console.error,
  });
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let received = 0;
  let onReceived: () => void = () => undefined;
  const consumer = await runner.start({
    durable: 'bench',
    event: MessageReceived,
    handle: async (event) => {
      const start = sentAt.get(event.id);
      if (start !== undefined) latencies.push(performance.now() - start);
      received += 1;
      onReceived();
    },
  });
  const events = messageEvents(count + 200);
  const waitFor = (n: number) =>
    new Promise<void>((resolve) => {
      onReceived = () => received >= n && resolve();
      onReceived();
    });

  // Warm-up, not measured.
  for (const event of events.slice(0, 200)) await publisher.publish(event);
  await waitFor(200);
  latencies.length = 0;

  const sequential = events.slice(200, 200 + count);
  for (const [i, event] of sequential.entries()) {
    sentAt.set(event.id, performance.now());
    await publisher.publish(event);
    await waitFor(200 + i + 1);
  }
  const latency = summarise(latencies);

  const concurrent = messageEvents(count);
  const started = performance.now();
  for (let i = 0; i < concurrent.length; i += 64)
    await Promise.all(concurrent.slice(i, i + 64).map((event) => publisher.publish(event)));
  await waitFor(200 + count + concurrent.length);
  const throughput = Math.round(concurrent.length / ((performance.now() - started) / 1000));

  await consumer.stop();
  await bus.close();
  await nats.stop();
  return { events: count, latency_ms: latency, throughput_events_per_s: throughput };
}
