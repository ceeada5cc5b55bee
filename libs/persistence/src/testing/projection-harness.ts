import {
  BusConnection,
  EventConsumerRunner,
  EventPublisher,
  type RunningConsumer,
} from '@support/bus';
import {
  createTestDatabase,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../database.js';
import type { Projection } from '../projections/projection.js';
import { runProjection, type Subscriber } from '../projections/projection-runner.js';

const quiet = { warn: () => undefined, error: () => undefined };

export interface ProjectionHarness {
  readonly nats: TestNatsServer;
  readonly database: TestDatabase;
  readonly bus: BusConnection;
  readonly publisher: EventPublisher;
  readonly dataSource: DataSource;
  /** How many times each event id reached a handler. */
  readonly deliveries: Map<string, number>;
  /**
   * Runs the real projection runner over consumers whose handler fails right after the effects are
   * stored: the ack is lost and every event is delivered a second time.
   */
  runWithLostAcks(projection: Projection): Promise<void>;
  /** Stops the live consumers (before a replay into the same tables). */
  stopLive(): Promise<void>;
  close(): Promise<void>;
}

/** A test-owned nats-server, a fresh test database and a bus connection, for projection tests. */
export async function startProjectionHarness(name: string): Promise<ProjectionHarness> {
  const nats = await startNatsServer();
  const database = await createTestDatabase();
  const bus = await BusConnection.open({
    name,
    servers: nats.url,
    stream: uniqueName(name.replace(/[^A-Za-z0-9]/g, '_')),
    maxDeliver: 5,
    ackWaitMs: 5_000,
    publishTimeoutMs: 10_000,
    backoffMs: [20],
    duplicateWindowMs: 60_000,
    replicas: 1,
  });
  const dataSource = await openDatabase({ url: database.url });
  const publisher = new EventPublisher(bus);
  const runner = new EventConsumerRunner(bus, publisher, quiet);
  const deliveries = new Map<string, number>();
  const running: RunningConsumer[] = [];
  const stopLive = async () => {
    await Promise.all(running.splice(0).map((c) => c.stop()));
  };
  return {
    nats,
    database,
    bus,
    publisher,
    dataSource,
    deliveries,
    stopLive,
    runWithLostAcks: async (projection) => {
      const consumers: Subscriber = {
        subscribe: async (subscription) => {
          const consumer = await runner.start({
            ...subscription,
            handle: async (envelope, context) => {
              deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
              await subscription.handle(envelope, context);
              if (context.deliveryCount === 1) throw new Error('crash before ack');
            },
          });
          running.push(consumer);
          return consumer;
        },
      };
      await runProjection(consumers, dataSource, projection);
    },
    close: async () => {
      await stopLive();
      await bus.close();
      await dataSource.destroy();
      await database.drop();
      await nats.stop();
    },
  };
}
