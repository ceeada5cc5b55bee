import { fixturePersonalData } from '@support/privacy/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
  readEventLog,
  type RunningConsumer,
} from '@support/bus';
import { DeadLettered, exampleEvent, MessageReceived } from '@support/contracts';
import { codeOf } from '@support/platform';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../database.js';
import { ConversationReader } from './conversations/conversation-reader.js';
import { conversationsProjection } from './conversations/conversations.projection.js';
import { runProjection } from './projection-runner.js';

const MAX_DELIVER = 3;

describe('projections while Postgres is unreachable', () => {
  let nats: TestNatsServer;
  let database: TestDatabase;
  let proxy: TcpProxy;
  let url: string;
  let dataSource: DataSource;
  let bus: BusConnection;
  const warnings: string[] = [];
  const running: RunningConsumer[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createTestDatabase();
    const server = new URL(database.url);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    url = proxy.urlThrough(database.url);
    dataSource = await openDatabase({ url });
    bus = await BusConnection.open({
      name: 'projection-outage',
      servers: nats.url,
      stream: uniqueName('OUTAGE'),
      maxDeliver: MAX_DELIVER,
      ackWaitMs: 5_000,
      publishTimeoutMs: 10_000,
      backoffMs: [20],
      outageBackoffMs: [100],
      duplicateWindowMs: 60_000,
      replicas: 1,
    });
  });
  afterAll(async () => {
    await Promise.all(running.map((consumer) => consumer.stop()));
    await bus?.close();
    await proxy?.up();
    await dataSource?.destroy();
    await proxy?.close();
    await database?.drop();
    await nats?.stop();
  });

  it('reports what the Postgres clients throw when it goes away as dependency_unavailable', async () => {
    const midQuery = dataSource.query('SELECT pg_sleep(5)').then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.down();
    // TypeORM, connection lost mid-query.
    expect(codeOf(await midQuery)).toBe('dependency_unavailable');
    // TypeORM, no connection to be had.
    const refused = await dataSource.query('SELECT 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(codeOf(refused)).toBe('dependency_unavailable');
    // A plain pg pool, as the agent's checkpointer and conversation lock use.
    const pool = new pg.Pool({ connectionString: url });
    const poolError = await pool.connect().then(
      (client) => (client.release(), null),
      (error: unknown) => error,
    );
    expect(codeOf(poolError)).toBe('dependency_unavailable');
    await pool.end();
    await proxy.up();
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('keeps an event through an outage that outlasts its deliveries, and projects it once Postgres is back', async () => {
    const runner = new EventConsumerRunner(bus, new EventPublisher(bus), {
      warn: (line) => warnings.push(line),
      error: (line) => warnings.push(line),
    });
    await runProjection(
      {
        subscribe: async (subscription) => {
          const consumer = await runner.start(subscription);
          running.push(consumer);
          return consumer;
        },
      },
      dataSource,
      conversationsProjection,
    );
    await proxy.down();
    const conversationId = newEventId();
    await new EventPublisher(bus).publish(
      exampleEvent(
        MessageReceived,
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId,
          turnId: newEventId(),
          correlationId: newEventId(),
        },
        { messageId: newEventId(), attachments: [] },
      ),
    );
    const waits = () => warnings.filter((line) => line.includes('waits for a dependency'));
    await eventually(() => waits().length >= 2 * MAX_DELIVER, 20_000);
    await proxy.up();

    const reader = new ConversationReader(dataSource, fixturePersonalData());
    await eventually(async () => (await reader.find(conversationId)) !== null, 20_000);
    expect(waits().every((line) => line.includes('not counted'))).toBe(true);
    expect((await readEventLog(bus, DeadLettered)).events).toEqual([]);
  });
});
