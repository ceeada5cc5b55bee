import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy } from '@nats-io/jetstream';
import {
  type AttachmentDto,
  createEvent,
  DeadLettered,
  type EnvelopeOf,
  EXAMPLE_PAYLOADS,
  formatSealed,
  MessageReceived,
  parseSealed,
  type PayloadOf,
} from '@support/contracts';
import { ServiceMetrics } from '@support/platform';
import {
  eventually,
  freePort,
  parsePrometheusText,
  sampleValue,
  startNatsServer,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { BusConnection } from './bus-connection.js';
import type { BusOptions } from './bus-options.js';
import { EventConsumerRunner, type RunningConsumer } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { newEventId } from './ids.js';

const quietLogger = { warn: () => undefined, error: () => undefined };

/** What a client library really throws when its server is down: a refused connection. */
async function refusedConnection(): Promise<unknown> {
  const port = await freePort();
  return fetch(`http://127.0.0.1:${port}/`).then(
    () => new Error(`something answered on port ${port}`),
    (error: unknown) => error,
  );
}

function messageReceived(text = 'hello'): EnvelopeOf<typeof MessageReceived> {
  const payload = {
    ...(EXAMPLE_PAYLOADS['conversation.message_received'] as unknown as PayloadOf<
      typeof MessageReceived
    >),
    messageId: newEventId(),
    // The label the handlers read: a plain field (the text is the customer's, sealed).
    clientMessageId: text,
    attachments: [],
  };
  return createEvent(MessageReceived, payload, {
    id: newEventId(),
    occurredAt: new Date().toISOString(),
    conversationId: 'conv-1',
    turnId: newEventId(),
    correlationId: newEventId(),
  });
}

describe('bus against a real nats-server', () => {
  let server: TestNatsServer;
  let bus: BusConnection;
  let publisher: EventPublisher;
  let runner: EventConsumerRunner;
  const metrics = new ServiceMetrics('bus-test');
  const scrape = async () => parsePrometheusText((await metrics.exposition()).body);
  const running: RunningConsumer[] = [];

  const options = (): BusOptions => ({
    name: 'bus-test',
    servers: server.url,
    stream: uniqueName('BUS'),
    maxDeliver: 3,
    ackWaitMs: 5_000,
    publishTimeoutMs: 15_000,
    backoffMs: [50, 100],
    outageBackoffMs: [50],
    duplicateWindowMs: 60_000,
    replicas: 1,
  });

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await BusConnection.open(options());
    publisher = new EventPublisher(bus);
    runner = new EventConsumerRunner(bus, publisher, quietLogger, metrics);
  });

  afterAll(async () => {
    await Promise.all(running.map((c) => c.stop()));
    await bus.close();
    await server.stop();
  });

  async function collectDeadLetters(durable: string) {
    const seen: EnvelopeOf<typeof DeadLettered>[] = [];
    running.push(
      await runner.start({
        durable,
        event: DeadLettered,
        handle: async (event) => {
          seen.push(event);
        },
      }),
    );
    return seen;
  }

  it('provisions the stream idempotently with file storage and a duplicate window', async () => {
    await BusConnection.open(bus.options).then((second) => second.close());
    const info = await bus.jsm.streams.info(bus.options.stream);
    expect(info.config.storage).toBe('file');
    expect(info.config.subjects).toEqual(['support.>']);
    expect(info.config.duplicate_window).toBe(60_000 * 1_000_000);
  });

  it('publishes and consumes a validated event', async () => {
    const received: string[] = [];
    running.push(
      await runner.start({
        durable: 'pubsub',
        event: MessageReceived,
        handle: async (event) => {
          received.push(event.payload.clientMessageId!);
        },
      }),
    );
    const event = messageReceived('first');
    const result = await publisher.publish(event);
    expect(result.duplicate).toBe(false);
    await eventually(() => expect(received).toEqual(['first']));
  });

  it('refuses to publish an invalid event', async () => {
    const event = { ...messageReceived(), payload: { text: 5 } };
    await expect(publisher.publish(event as never)).rejects.toThrow(/payload\./);
  });

  it('deduplicates a second publish of the same event id', async () => {
    const seen: string[] = [];
    running.push(
      await runner.start({
        durable: 'dedupe',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async (event) => {
          seen.push(event.id);
        },
      }),
    );
    const event = messageReceived('twice');
    const first = await publisher.publish(event);
    const second = await publisher.publish(event);
    expect(second.duplicate).toBe(true);
    expect(second.streamSequence).toBe(first.streamSequence);
    await eventually(() => expect(seen).toEqual([event.id]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([event.id]);
    // A live-only (per-instance) consumer is removed by the server once its instance is gone.
    const info = await bus.jsm.consumers.info(bus.options.stream, 'dedupe');
    expect(info.config.inactive_threshold).toBe(3_600_000 * 1_000_000);
  });

  it('redelivers after a handler throws once, then succeeds', async () => {
    const attempts: number[] = [];
    let done = false;
    running.push(
      await runner.start({
        durable: 'flaky',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async (_event, context) => {
          attempts.push(context.deliveryCount);
          if (context.deliveryCount === 1) throw new Error('transient failure');
          done = true;
        },
      }),
    );
    await publisher.publish(messageReceived('flaky'));
    await eventually(() => expect(done).toBe(true));
    expect(attempts).toEqual([1, 2]);
  });

  it('keeps a handler that outlasts ack_wait from being redelivered while it runs', async () => {
    const slow = await BusConnection.open({
      ...options(),
      stream: bus.options.stream,
      ackWaitMs: 1_000,
    });
    const slowRunner = new EventConsumerRunner(slow, new EventPublisher(slow), quietLogger);
    const attempts: number[] = [];
    let done = false;
    const consumer = await slowRunner.start({
      durable: 'slow',
      event: MessageReceived,
      deliverPolicy: 'new',
      handle: async (_event, context) => {
        attempts.push(context.deliveryCount);
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        done = true;
      },
    });
    await publisher.publish(messageReceived('slow'));
    await eventually(() => expect(done).toBe(true), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await consumer.stop();
    await slow.close();
    expect(attempts).toEqual([1]);
  });

  it('dead-letters a poison message after max_deliver, with the reason', async () => {
    const deadLetters = await collectDeadLetters('dl-poison');
    let attempts = 0;
    running.push(
      await runner.start({
        durable: 'poison',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async () => {
          attempts += 1;
          throw new Error('database exploded');
        },
      }),
    );
    const event = messageReceived('poison');
    await publisher.publish(event);
    await eventually(() =>
      expect(deadLetters.filter((d) => d.payload.consumer === 'poison')).toHaveLength(1),
    );
    const [letter] = deadLetters.filter((d) => d.payload.consumer === 'poison');
    expect(letter!.payload).toMatchObject({
      cause: 'exhausted',
      deliveries: 3,
      errorCode: 'internal',
      reason: 'database exploded',
      originalEventId: event.id,
    });
    expect(JSON.parse(Buffer.from(letter!.payload.dataBase64, 'base64').toString()).id).toBe(
      event.id,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(attempts).toBe(3);
    // Delivered three times: two redeliveries, then one dead letter, as the metrics say.
    const scraped = await scrape();
    expect(sampleValue(scraped, 'support_bus_redeliveries_total', { consumer: 'poison' })).toBe(2);
    expect(
      sampleValue(scraped, 'support_bus_dead_letters_total', {
        consumer: 'poison',
        cause: 'exhausted',
        service: 'bus-test',
      }),
    ).toBe(1);
  });

  it('lets the server deliver without limit: the runner decides when to dead-letter', async () => {
    // A durable an earlier version created with a delivery limit is brought to none.
    await bus.jsm.consumers.add(bus.options.stream, {
      durable_name: 'unlimited',
      ack_policy: AckPolicy.Explicit,
      filter_subject: MessageReceived.subject,
      max_deliver: bus.options.maxDeliver + 2,
    });
    running.push(
      await runner.start({ durable: 'unlimited', event: MessageReceived, handle: async () => {} }),
    );
    const info = await bus.jsm.consumers.info(bus.options.stream, 'unlimited');
    expect(info.config.max_deliver).toBe(-1);
  });

  it('redelivers through a dependency outage past BUS_MAX_DELIVER, uncounted, then handles it', async () => {
    const deadLetters = await collectDeadLetters('dl-outage');
    const outage = await refusedConnection();
    const deliveries: number[] = [];
    let handled = false;
    running.push(
      await runner.start({
        durable: 'outage',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async (_event, context) => {
          deliveries.push(context.deliveryCount);
          // Down for twice as many deliveries as a failing handler gets, then back.
          if (context.deliveryCount <= 2 * bus.options.maxDeliver) throw outage;
          handled = true;
        },
      }),
    );
    await publisher.publish(messageReceived('during an outage'));
    await eventually(() => expect(handled).toBe(true), 15_000);
    expect(deliveries).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deadLetters.filter((d) => d.payload.consumer === 'outage')).toEqual([]);
  });

  it('still dead-letters a message that keeps failing once the outage is over, after BUS_MAX_DELIVER failures', async () => {
    const deadLetters = await collectDeadLetters('dl-after-outage');
    const outage = await refusedConnection();
    const deliveries: number[] = [];
    running.push(
      await runner.start({
        durable: 'after-outage',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async (_event, context) => {
          deliveries.push(context.deliveryCount);
          if (context.deliveryCount <= 4) throw outage;
          throw new Error('a bug in the handler');
        },
      }),
    );
    await publisher.publish(messageReceived('outage, then a bug'));
    await eventually(() =>
      expect(deadLetters.filter((d) => d.payload.consumer === 'after-outage')).toHaveLength(1),
    );
    const letter = deadLetters.find((d) => d.payload.consumer === 'after-outage')!;
    expect(letter.payload).toMatchObject({
      cause: 'exhausted',
      errorCode: 'internal',
      reason: 'a bug in the handler',
      deliveries: 4 + bus.options.maxDeliver,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('sends an invalid message straight to dead-letter without calling the handler', async () => {
    const deadLetters = await collectDeadLetters('dl-invalid');
    let calls = 0;
    running.push(
      await runner.start({
        durable: 'strict',
        event: MessageReceived,
        deliverPolicy: 'new',
        handle: async () => {
          calls += 1;
        },
      }),
    );
    const bad = { ...messageReceived(), payload: { customerId: 'x' } };
    await bus.js.publish(MessageReceived.subject, JSON.stringify(bad), { msgID: bad.id });
    await eventually(() =>
      expect(deadLetters.filter((d) => d.payload.consumer === 'strict')).toHaveLength(1),
    );
    const letter = deadLetters.find((d) => d.payload.consumer === 'strict')!;
    expect(letter.payload).toMatchObject({
      cause: 'invalid',
      deliveries: 1,
      errorCode: 'validation_failed',
    });
    expect(letter.payload.reason).toMatch(/payload\.messageId/);
    expect(calls).toBe(0);
    const scraped = await scrape();
    expect(
      sampleValue(scraped, 'support_bus_dead_letters_total', {
        consumer: 'strict',
        cause: 'invalid',
      }),
    ).toBe(1);
    expect(sampleValue(scraped, 'support_bus_redeliveries_total', { consumer: 'strict' })).toBe(0);
  });
});

describe('bus across a nats-server restart', () => {
  it('loses no acknowledged event when the server is killed mid-stream', async () => {
    const server = await startNatsServer();
    const options: BusOptions = {
      name: 'restart-test',
      servers: server.url,
      stream: uniqueName('RESTART'),
      maxDeliver: 5,
      ackWaitMs: 2_000,
      publishTimeoutMs: 20_000,
      backoffMs: [50],
      duplicateWindowMs: 120_000,
      replicas: 1,
    };
    const bus = await BusConnection.open(options);
    const publisher = new EventPublisher(bus);
    const runner = new EventConsumerRunner(bus, publisher, quietLogger);
    const consumed = new Set<string>();
    const consumer = await runner.start({
      durable: 'survivor',
      event: MessageReceived,
      handle: async (event) => {
        consumed.add(event.id);
      },
    });

    const acknowledged: string[] = [];
    const total = 200;
    const publishing = (async () => {
      for (let i = 0; i < total; i++) {
        const event = messageReceived(`n${i}`);
        await publisher.publish(event);
        acknowledged.push(event.id);
      }
    })();
    await eventually(() => acknowledged.length >= 60, 20_000, 5);
    await server.restart({ downMs: 700 });
    await publishing;

    expect(acknowledged).toHaveLength(total);
    await eventually(
      () => expect(acknowledged.filter((id) => !consumed.has(id))).toEqual([]),
      30_000,
    );
    const info = await bus.jsm.streams.info(options.stream);
    expect(info.state.messages).toBe(total);

    await consumer.stop();
    await bus.close();
    await server.stop();
  });
});

describe('a publish the server will never take', () => {
  let server: TestNatsServer;
  let bus: BusConnection;

  beforeAll(async () => {
    server = await startNatsServer({ config: 'max_payload: 65536\n' });
    bus = await BusConnection.open({
      name: 'bus-refusal-test',
      servers: server.url,
      stream: uniqueName('REFUSED'),
      maxDeliver: 3,
      ackWaitMs: 5_000,
      publishTimeoutMs: 15_000,
      backoffMs: [50],
      outageBackoffMs: [50],
      duplicateWindowMs: 60_000,
      replicas: 1,
    });
  });

  afterAll(async () => {
    await bus?.close();
    await server?.stop();
  });

  it('fails at once as payload_too_large instead of waiting out the deadline as an outage', async () => {
    const started = Date.now();
    const photo = Buffer.alloc(100_000, 1);
    const large = messageReceived('a photo');
    const [example] = EXAMPLE_PAYLOADS['conversation.message_received']
      .attachments as AttachmentDto[];
    // A photo sealed as the gateway seals one: the key does not matter to the bus.
    const sealedPhoto = formatSealed({
      ...parseSealed(example!.dataBase64)!,
      ciphertext: photo.toString('base64url'),
    });
    large.payload.attachments = [
      { ...example!, attachmentId: newEventId(), sizeBytes: photo.length, dataBase64: sealedPhoto },
    ];
    await expect(new EventPublisher(bus).publish(large)).rejects.toMatchObject({
      code: 'payload_too_large',
      name: 'PublishRefused',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // What fits still goes through on the same connection.
    await expect(new EventPublisher(bus).publish(messageReceived())).resolves.toMatchObject({
      duplicate: false,
    });
  });
});
