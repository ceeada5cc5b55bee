import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  createEvent,
  DeadLettered,
  type EnvelopeOf,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  type PayloadOf,
  ReplySent,
} from '@support/contracts';
import { context, trace } from '@opentelemetry/api';
import {
  AppError,
  observeSpans,
  type StartedService,
  startService,
  tracerFor,
} from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { lastValueFrom } from 'rxjs';
import { BusModule } from '../bus.module.js';
import type { BusOptions } from '../bus-options.js';
import type { EventContext } from '../event-consumer.js';
import { newEventId } from '../ids.js';
import { JetStreamClient } from './jetstream-client.js';
import { JetStreamTransport } from './jetstream-transport.js';
import { CONSUMER_SETTINGS, Delivery, EventPayload, OnEvent } from './on-event.js';

type Received = EnvelopeOf<typeof MessageReceived>;

/** What each handler saw: the event's text and the delivery it came with. */
@Injectable()
class Seen {
  readonly byHandler = new Map<
    string,
    { text: string; deliveryCount: number; traceId: string | undefined }[]
  >();

  record(handler: string, event: Received, context: EventContext): void {
    const list = this.byHandler.get(handler) ?? [];
    list.push({
      text: event.payload.clientMessageId!,
      deliveryCount: context.deliveryCount,
      traceId: trace.getActiveSpan()?.spanContext().traceId,
    });
    this.byHandler.set(handler, list);
  }

  traceIdsOf(handler: string, text: string): (string | undefined)[] {
    return (this.byHandler.get(handler) ?? [])
      .filter((seen) => seen.text === text)
      .map((seen) => seen.traceId);
  }

  of(handler: string, text: string): number[] {
    return (this.byHandler.get(handler) ?? [])
      .filter((seen) => seen.text === text)
      .map((seen) => seen.deliveryCount);
  }
}

/** Behaves as the message's text says, so each test picks its own case. */
@Controller()
class ProbeEvents {
  readonly deadLetters: EnvelopeOf<typeof DeadLettered>[] = [];

  constructor(@Inject(Seen) private readonly seen: Seen) {}

  @OnEvent(MessageReceived, { consumer: 'probe-{instance}', concurrency: 'configured' })
  async received(
    @EventPayload() event: Received,
    @Delivery() context: EventContext,
  ): Promise<void> {
    this.seen.record('received', event, context);
    const text = event.payload.clientMessageId!;
    if (text.startsWith('fail-twice') && context.deliveryCount <= 2)
      throw new Error('transient failure');
    if (text.startsWith('invalid')) throw new AppError('validation_failed', 'not a valid order');
    if (text.startsWith('always')) throw new Error('never works');
    if (text.startsWith('slow')) await new Promise((resolve) => setTimeout(resolve, 2_500));
  }

  /** A second consumer of the same event: gets every message too, on its own durable. */
  @OnEvent(MessageReceived, { consumer: 'probe-audit' })
  audited(@EventPayload() event: Received, @Delivery() context: EventContext): void {
    this.seen.record('audited', event, context);
  }

  @OnEvent(DeadLettered, { consumer: 'probe' })
  deadLettered(event: EnvelopeOf<typeof DeadLettered>): void {
    this.deadLetters.push(event);
  }
}

function busModule(options: Partial<BusOptions>) {
  @Module({
    imports: [BusModule.forRoot('transport-test', options)],
    controllers: [ProbeEvents],
    providers: [Seen, { provide: CONSUMER_SETTINGS, useValue: { instance: 'a1', concurrency: 4 } }],
  })
  class ProbeModule {}
  return ProbeModule;
}

function received(text: string): Received {
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
    conversationId: `conv-${newEventId()}`,
    turnId: newEventId(),
    correlationId: newEventId(),
  });
}

describe('the JetStream transport against a real nats-server', () => {
  let nats: TestNatsServer;
  let service: StartedService;
  let client: JetStreamClient;
  let seen: Seen;
  let probe: ProbeEvents;
  const HOST = { port: 0, host: '127.0.0.1', shutdownHooks: false } as const;

  let stopObserving: () => void;

  beforeAll(async () => {
    // Spans are recorded (not no-ops) while something observes them.
    stopObserving = observeSpans({
      onStart: () => undefined,
      onEnd: () => undefined,
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    });
    nats = await startNatsServer();
    service = await startService(
      'classifier',
      busModule({
        servers: nats.url,
        stream: uniqueName('TRANSPORT'),
        maxDeliver: 3,
        ackWaitMs: 1_000,
        backoffMs: [50, 100],
        outageBackoffMs: [50],
      }),
      HOST,
    );
    client = service.app.get(JetStreamClient);
    seen = service.app.get(Seen);
    probe = service.app.get(ProbeEvents);
  });

  afterAll(async () => {
    await service?.app.close();
    await nats?.stop();
    stopObserving();
  });

  it('starts one durable consumer per handler, named from its extras and the settings', () => {
    expect(service.app.get(JetStreamTransport).durables()).toEqual([
      'probe-a1__conversation_message_received',
      'probe-audit__conversation_message_received',
      'probe__deadletter_recorded',
    ]);
  });

  it('routes each event to every handler of its subject, once each, and acks it', async () => {
    await client.publishEvent(received('hello'));
    await eventually(() => {
      expect(seen.of('received', 'hello')).toEqual([1]);
      expect(seen.of('audited', 'hello')).toEqual([1]);
    });
    // Acked: nothing waits for an ack and nothing comes again.
    const bus = client.unwrap<{ jsm: { consumers: { info: Function } }; options: BusOptions }>();
    await eventually(async () => {
      const info = await bus.jsm.consumers.info(
        bus.options.stream,
        'probe-a1__conversation_message_received',
      );
      expect([info.num_ack_pending, info.num_pending]).toEqual([0, 0]);
    });
    expect(probe.deadLetters).toEqual([]);
  });

  it("runs each handler in the publisher's trace, carried in the message headers", async () => {
    const event = received('traced');
    const turn = tracerFor('transport-test').startSpan('customer turn', { root: true });
    await context.with(trace.setSpan(context.active(), turn), () => client.publishEvent(event));
    turn.end();
    const traceId = turn.spanContext().traceId;
    await eventually(() => {
      expect(seen.traceIdsOf('received', 'traced')).toEqual([traceId]);
      expect(seen.traceIdsOf('audited', 'traced')).toEqual([traceId]);
    });
  });

  it('redelivers a failed event with backoff until its handler succeeds', async () => {
    await client.publishEvent(received('fail-twice'));
    await eventually(() => expect(seen.of('received', 'fail-twice')).toEqual([1, 2, 3]));
    expect(seen.of('audited', 'fail-twice')).toEqual([1]);
  });

  it('dead-letters at once what its handler calls invalid, with the error code', async () => {
    const event = received('invalid');
    await client.publishEvent(event);
    await eventually(() =>
      expect(probe.deadLetters.map((d) => d.payload.originalEventId)).toContain(event.id),
    );
    const letter = probe.deadLetters.find((d) => d.payload.originalEventId === event.id)!;
    expect([letter.payload.cause, letter.payload.errorCode, letter.payload.reason]).toEqual([
      'invalid',
      'validation_failed',
      'not a valid order',
    ]);
    expect(seen.of('received', 'invalid')).toEqual([1]);
  });

  it('dead-letters an event that failed BUS_MAX_DELIVER times', async () => {
    const event = received('always');
    await client.publishEvent(event);
    await eventually(() =>
      expect(probe.deadLetters.map((d) => d.payload.originalEventId)).toContain(event.id),
    );
    const letter = probe.deadLetters.find((d) => d.payload.originalEventId === event.id)!;
    expect([letter.payload.cause, letter.payload.deliveries]).toEqual(['exhausted', 3]);
    expect(seen.of('received', 'always')).toEqual([1, 2, 3]);
  });

  it('keeps the event of a handler that outlasts ack_wait from another delivery while it runs', async () => {
    await client.publishEvent(received('slow'));
    await eventually(() => expect(seen.of('audited', 'slow')).toEqual([1]));
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(seen.of('received', 'slow')).toEqual([1]);
  });

  it('stores and handles a second publish of the same event once', async () => {
    const event = received('twice');
    const first = await client.publishEvent(event);
    const second = await client.publishEvent(event);
    expect([first.duplicate, second.duplicate, second.streamSequence]).toEqual([
      false,
      true,
      first.streamSequence,
    ]);
    await eventually(() => expect(seen.of('audited', 'twice')).toEqual([1]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.of('received', 'twice')).toEqual([1]);
  });

  it('refuses an event emitted on another subject than its own, and any request-reply', async () => {
    await expect(lastValueFrom(client.emit(ReplySent.subject, received('x')))).rejects.toThrow(
      /belongs on support\.conversation\.message_received, not on/,
    );
    await expect(lastValueFrom(client.send('anything', {}))).rejects.toThrow(/no request-reply/);
  });
});

describe('a @MessagePattern on the JetStream transport', () => {
  @Controller()
  class AsksForReplies {
    @MessagePattern('orders.get')
    get(): string {
      return 'never';
    }
  }

  it('stops the service from starting: the bus carries events only', async () => {
    const nats = await startNatsServer();
    @Module({
      imports: [
        BusModule.forRoot('transport-test', { servers: nats.url, stream: uniqueName('T') }),
      ],
      controllers: [AsksForReplies],
    })
    class RequestReplyModule {}
    try {
      await expect(
        startService('classifier', RequestReplyModule, {
          port: 0,
          host: '127.0.0.1',
          shutdownHooks: false,
        }),
      ).rejects.toThrow(/carries events only/);
    } finally {
      await nats.stop();
    }
  });
});
