import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EnvelopeOf, exampleEvent, MessageReceived } from '@support/contracts';
import { AppError } from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { BusConnection } from './bus-connection.js';
import { readDeadLetters, redriveDeadLetter } from './dead-letter-redrive.js';
import { rowsToRedrive } from './dead-letter-rows.js';
import { EventConsumerRunner, type RunningConsumer } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { newEventId } from './ids.js';

const quietLogger = { warn: () => undefined, error: () => undefined };

function messageReceived(): EnvelopeOf<typeof MessageReceived> {
  return exampleEvent(
    MessageReceived,
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId: newEventId(),
      turnId: newEventId(),
      correlationId: newEventId(),
    },
    { messageId: newEventId(), attachments: [] },
  );
}

describe('re-driving a dead letter', () => {
  let server: TestNatsServer;
  let bus: BusConnection;
  let publisher: EventPublisher;
  const running: RunningConsumer[] = [];

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await BusConnection.open({
      name: 'redrive-test',
      servers: server.url,
      stream: uniqueName('REDRIVE'),
      maxDeliver: 2,
      ackWaitMs: 5_000,
      publishTimeoutMs: 10_000,
      backoffMs: [20],
      duplicateWindowMs: 60_000,
      replicas: 1,
    });
    publisher = new EventPublisher(bus);
  });
  afterAll(async () => {
    await Promise.all(running.map((consumer) => consumer.stop()));
    await bus.close();
    await server.stop();
  });

  it('delivers the original event once more to the consumer that gave up, and to no other', async () => {
    const runner = new EventConsumerRunner(bus, publisher, quietLogger);
    const handled = { picky: [] as string[], steady: [] as string[] };
    let fixed = false;
    for (const durable of ['picky', 'steady'] as const)
      running.push(
        await runner.start({
          durable,
          event: MessageReceived,
          handle: async (event) => {
            if (durable === 'picky' && !fixed)
              throw new AppError('not_found', 'no such customer (yet)');
            handled[durable].push(event.id);
          },
        }),
      );
    const event = messageReceived();
    const published = await publisher.publish(event);
    const [letter] = await eventually(async () => {
      const rows = await readDeadLetters(bus);
      return rows.length > 0 ? rows : false;
    });
    expect(letter).toMatchObject({
      consumer: 'picky',
      subject: MessageReceived.subject,
      streamSequence: published.streamSequence,
      cause: 'invalid',
      errorCode: 'not_found',
      originalEventId: event.id,
      redriven: null,
    });

    fixed = true;
    const { redriveSequence } = await redriveDeadLetter(bus, publisher, letter!, new Date());
    await eventually(() => handled.picky.length === 1);
    expect(handled.picky).toEqual([event.id]);

    const [after] = await readDeadLetters(bus);
    expect(after!.redriven).toMatchObject({ redriveSequence });
    // A second request finds it re-driven; publishing it again anyway adds nothing to the stream.
    expect(rowsToRedrive([after!], { ids: [after!.id.slice(0, 8)] })[0]!.redriven).not.toBeNull();
    expect(rowsToRedrive([after!], { all: true })).toEqual([]);
    const again = await redriveDeadLetter(bus, publisher, after!, new Date());
    expect(again.redriveSequence).toBe(redriveSequence);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(handled).toEqual({ picky: [event.id], steady: [event.id] });
    expect(await readDeadLetters(bus)).toHaveLength(1);
  });

  it('refuses to re-drive to a consumer that no longer exists', async () => {
    const [letter] = await readDeadLetters(bus);
    await expect(
      redriveDeadLetter(bus, publisher, { ...letter!, consumer: 'gone' }, new Date()),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
