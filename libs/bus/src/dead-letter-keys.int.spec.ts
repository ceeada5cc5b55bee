/**
 * A dead letter is stored once, however often its message fails: a per-process consumer replays
 * the log at each start (and meets the same failure again) long after the stream's duplicate
 * window has forgotten the dead letter's id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createEvent,
  DeadLettered,
  EXAMPLE_PAYLOADS,
  type KnownEventType,
  MessageReceived,
} from '@support/contracts';
import { AppError } from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { BusConnection } from './bus-connection.js';
import { EventConsumerRunner } from './event-consumer.js';
import { readEventLog } from './event-log.js';
import { EventPublisher } from './event-publisher.js';
import { newEventId } from './ids.js';

const quiet = { warn: () => undefined, error: () => undefined };
/** The stream's duplicate window, short so the test can outlast it. */
const DUPLICATE_WINDOW_MS = 1_000;

describe('recording a dead letter', () => {
  let server: TestNatsServer;
  let bus: BusConnection;

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await BusConnection.open({
      name: 'dead-letter-keys-test',
      servers: server.url,
      stream: uniqueName('DLKEYS'),
      maxDeliver: 3,
      ackWaitMs: 5_000,
      publishTimeoutMs: 2_000,
      backoffMs: [50],
      duplicateWindowMs: DUPLICATE_WINDOW_MS,
      replicas: 1,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await server?.stop();
  });

  it('is idempotent: a per-process consumer restarted past the duplicate window stores it once', async () => {
    const publisher = new EventPublisher(bus);
    const poison = createEvent(
      MessageReceived,
      EXAMPLE_PAYLOADS[MessageReceived.type as KnownEventType] as never,
      {
        id: newEventId(),
        occurredAt: new Date().toISOString(),
        conversationId: 'conv-poison',
        turnId: newEventId(),
        correlationId: newEventId(),
      },
    );
    await publisher.publish(poison);

    let failures = 0;
    const runner = new EventConsumerRunner(bus, publisher, quiet);
    const replay = () =>
      runner.start({
        durable: 'replayer-1__message_received',
        event: MessageReceived,
        perProcess: true,
        handle: async () => {
          failures += 1;
          throw new AppError('forbidden', 'refused, every time');
        },
      });
    const recordsOfPoison = async () =>
      (await readEventLog(bus, DeadLettered)).events.filter(
        (e) => (e.payload as { originalEventId?: string }).originalEventId === poison.id,
      );

    for (let start = 1; start <= 3; start++) {
      const consumer = await replay();
      await eventually(() => failures >= start, 10_000);
      await eventually(async () => (await recordsOfPoison()).length >= 1, 10_000);
      await consumer.stop();
      // Past the duplicate window: JetStream alone would store the same id again.
      await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WINDOW_MS * 1.5));
    }
    expect(failures).toBe(3);
    const records = await recordsOfPoison();
    expect(records).toHaveLength(1);
    expect(records[0]!.payload).toMatchObject({ errorCode: 'forbidden', cause: 'invalid' });
  }, 60_000);
});
