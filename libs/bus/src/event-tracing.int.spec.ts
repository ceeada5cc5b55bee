import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  createEvent,
  EXAMPLE_PAYLOADS,
  type EnvelopeOf,
  MessageReceived,
  type PayloadOf,
} from '@support/contracts';
import { observeSpans, type ReadableSpan, ServiceLogger, tracerFor } from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { BusConnection } from './bus-connection.js';
import type { BusOptions } from './bus-options.js';
import { EventConsumerRunner, type RunningConsumer } from './event-consumer.js';
import { EventPublisher } from './event-publisher.js';
import { newEventId } from './ids.js';

function messageReceived(conversationId: string): EnvelopeOf<typeof MessageReceived> {
  const payload = {
    ...(EXAMPLE_PAYLOADS['conversation.message_received'] as unknown as PayloadOf<
      typeof MessageReceived
    >),
    messageId: newEventId(),
    attachments: [],
  };
  return createEvent(MessageReceived, payload, {
    id: newEventId(),
    occurredAt: new Date().toISOString(),
    conversationId,
    turnId: newEventId(),
    correlationId: newEventId(),
  });
}

describe('one trace across the bus, and its ids in the logs', () => {
  let server: TestNatsServer;
  let producerBus: BusConnection;
  let consumerBus: BusConnection;
  let runner: EventConsumerRunner;
  const running: RunningConsumer[] = [];
  const spans: ReadableSpan[] = [];
  const lines: string[] = [];
  let stopObserving: () => void;

  const options = (name: string, stream: string): BusOptions => ({
    name,
    servers: server.url,
    stream,
    maxDeliver: 3,
    ackWaitMs: 5_000,
    publishTimeoutMs: 15_000,
    backoffMs: [50],
    outageBackoffMs: [50],
    duplicateWindowMs: 60_000,
    replicas: 1,
  });

  beforeAll(async () => {
    stopObserving = observeSpans({
      onStart: () => undefined,
      onEnd: (span) => spans.push(span),
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    });
    server = await startNatsServer();
    const stream = uniqueName('TRACE');
    // Two services, two connections: the trace crosses the server, not a shared object.
    producerBus = await BusConnection.open(options('trace-producer', stream));
    consumerBus = await BusConnection.open(options('trace-consumer', stream));
    // The consumer's logger writes pino JSON into `lines`; Nest's own loggers go there too.
    const logger = new ServiceLogger('trace-consumer', {
      format: 'json',
      destination: { write: (line: string) => void lines.push(line) },
    });
    Logger.overrideLogger(logger);
    runner = new EventConsumerRunner(consumerBus, new EventPublisher(consumerBus), logger);
  });

  afterAll(async () => {
    stopObserving();
    await Promise.all(running.map((c) => c.stop()));
    await producerBus.close();
    await consumerBus.close();
    await server.stop();
  });

  it("continues the publisher's trace: the consumer span is a child of the publish span", async () => {
    const handled: string[] = [];
    running.push(
      await runner.start({
        durable: 'traced',
        event: MessageReceived,
        handle: async (event) => {
          if (event.conversationId === 'conv-traced') handled.push(event.id);
        },
      }),
    );
    const event = messageReceived('conv-traced');
    const turn = tracerFor('trace-producer').startSpan('customer turn', { root: true });
    const { traceId, spanId: turnSpanId } = turn.spanContext();
    await context.with(trace.setSpan(context.active(), turn), () =>
      new EventPublisher(producerBus).publish(event),
    );
    turn.end();
    await eventually(() => expect(handled).toEqual([event.id]));

    const ofEvent = () => spans.filter((s) => s.attributes['messaging.message.id'] === event.id);
    await eventually(() =>
      expect(
        ofEvent()
          .map((s) => s.kind)
          .sort(),
      ).toEqual([SpanKind.PRODUCER, SpanKind.CONSUMER].sort()),
    );
    const publish = ofEvent().find((s) => s.kind === SpanKind.PRODUCER)!;
    const process = ofEvent().find((s) => s.kind === SpanKind.CONSUMER)!;
    expect(publish.spanContext().traceId).toBe(traceId);
    expect(publish.parentSpanContext?.spanId).toBe(turnSpanId);
    expect(process.spanContext().traceId).toBe(traceId);
    expect(process.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(process.parentSpanContext?.isRemote).toBe(true);
    expect(publish.resource.attributes['service.name']).toBe('trace-producer');
    expect(process.resource.attributes['service.name']).toBe('trace-consumer');
    expect(process.name).toBe(`process ${MessageReceived.subject}`);
    expect(process.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.consumer.group.name': 'traced',
      'support.conversation_id': 'conv-traced',
      'support.turn_id': event.turnId,
    });
  });

  it("logs a handled event's service, conversation, turn and trace on every line, failures too", async () => {
    let attempts = 0;
    running.push(
      await runner.start({
        durable: 'logged',
        event: MessageReceived,
        handle: async (event) => {
          if (event.conversationId !== 'conv-logged') return;
          new Logger('refund-handler').log(`handling attempt ${++attempts}`);
          if (attempts === 1) throw new Error('the order store blinked');
        },
      }),
    );
    const event = messageReceived('conv-logged');
    await new EventPublisher(producerBus).publish(event);
    await eventually(() => expect(attempts).toBe(2));

    const entries = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.conversationId === 'conv-logged');
    await eventually(() => expect(entries()).toHaveLength(3));
    const consumerSpans = spans.filter(
      (s) =>
        s.attributes['messaging.message.id'] === event.id &&
        s.attributes['messaging.consumer.group.name'] === 'logged',
    );
    const publishSpan = spans.find(
      (s) => s.attributes['messaging.message.id'] === event.id && s.kind === SpanKind.PRODUCER,
    )!;
    const traceId = publishSpan.spanContext().traceId;
    expect(consumerSpans).toHaveLength(2);
    expect(consumerSpans[0]!.status.code).toBe(SpanStatusCode.ERROR);

    const [first, failure, second] = entries();
    for (const entry of [first, failure, second])
      expect(entry).toMatchObject({
        service: 'trace-consumer',
        conversationId: 'conv-logged',
        turnId: event.turnId,
        correlationId: event.correlationId,
        eventType: MessageReceived.type,
        traceId,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    expect(first).toMatchObject({
      level: 'info',
      context: 'refund-handler',
      msg: 'handling attempt 1',
    });
    expect(failure).toMatchObject({
      level: 'warn',
      msg: expect.stringContaining('the order store blinked'),
    });
    expect(second).toMatchObject({ msg: 'handling attempt 2' });
    // Each delivery is its own consumer span, both children of the one publish.
    expect(first!.spanId).toBe(consumerSpans[0]!.spanContext().spanId);
    expect(second!.spanId).toBe(consumerSpans[1]!.spanContext().spanId);
    // Outside a handled event, nothing claims a conversation.
    new Logger('idle').log('between events');
    const idle = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(idle).toMatchObject({ service: 'trace-consumer', msg: 'between events' });
    expect(idle).not.toHaveProperty('conversationId');
    expect(idle).not.toHaveProperty('traceId');
  });
});
