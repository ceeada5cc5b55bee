/**
 * The generated NATS authorization on a real nats-server: each service's user can do its job
 * (create the stream, publish its events, consume its subscriptions with durable pull consumers,
 * ack) and nothing else; connections without (the right) credentials are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createEvent,
  DeadLettered,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  type KnownEventType,
  MessageReceived,
  ReplySent,
  eventRegistry,
  encodeEvent,
} from '@support/contracts';
import { SERVICE_NAMES, type ServiceName } from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { BusConnection } from '../bus-connection.js';
import type { BusOptions } from '../bus-options.js';
import { consumerName } from '../consumer-name.js';
import { EventConsumerRunner, type RunningConsumer } from '../event-consumer.js';
import { EventPublisher } from '../event-publisher.js';
import { newEventId } from '../ids.js';
import { BUS_ACCESS, type BusUser, OPS_USER } from './bus-access.js';
import { natsAuthorization } from './nats-authorization.js';
import { sharedDurables } from './nats-permissions.js';

const quiet = { warn: () => undefined, error: () => undefined };
const passwordOf = (user: string) => `test-password-${user}`;

function exampleOf(definition: EventDefinition, conversationId = 'conv-access'): EventEnvelope {
  return createEvent(definition, EXAMPLE_PAYLOADS[definition.type as KnownEventType] as never, {
    id: newEventId(),
    occurredAt: new Date().toISOString(),
    conversationId,
    turnId: newEventId(),
    correlationId: newEventId(),
  });
}

describe('NATS users and permissions generated from BUS_ACCESS', () => {
  const stream = uniqueName('ACCESS');
  let server: TestNatsServer;
  const open: BusConnection[] = [];
  const consumers: RunningConsumer[] = [];

  const options = (user: BusUser | null, password = user ? passwordOf(user) : ''): BusOptions => ({
    name: `access-test-${user ?? 'anonymous'}`,
    servers: server.url,
    stream,
    maxDeliver: 3,
    ackWaitMs: 5_000,
    publishTimeoutMs: 1_500,
    backoffMs: [50],
    duplicateWindowMs: 60_000,
    replicas: 1,
    ...(user ? { credentials: { user, password } } : {}),
  });
  const connect = async (user: BusUser) => {
    const bus = await BusConnection.open(options(user));
    open.push(bus);
    return bus;
  };

  beforeAll(async () => {
    server = await startNatsServer({
      config: natsAuthorization(stream, (user) => ({ literal: passwordOf(user) })),
    });
  });
  afterAll(async () => {
    for (const consumer of consumers) await consumer.stop();
    for (const bus of open) await bus.close();
    await server?.stop();
  });

  it('a connection without credentials, or with a wrong password, is refused', async () => {
    await expect(BusConnection.open(options(null))).rejects.toThrow(/Authorization Violation/);
    await expect(BusConnection.open(options('gateway', 'not-the-password'))).rejects.toThrow(
      /Authorization Violation/,
    );
  });

  it('a service creates the stream when it is missing (the first one to start)', async () => {
    const bus = await connect('classifier');
    expect((await bus.jsm.streams.info(stream)).config.name).toBe(stream);
  });

  describe.each(SERVICE_NAMES)('%s', (service: ServiceName) => {
    const access = BUS_ACCESS[service];
    let bus: BusConnection;
    let ops: BusConnection;
    beforeAll(async () => {
      bus = await connect(service);
      ops = await connect(OPS_USER);
    });

    it('publishes its own events and dead letters, acknowledged by the stream', async () => {
      const publisher = new EventPublisher(bus);
      for (const definition of [...access.publishes, DeadLettered]) {
        const result = await publisher.publish(exampleOf(definition));
        expect({ type: definition.type, seq: result.streamSequence > 0 }).toEqual({
          type: definition.type,
          seq: true,
        });
      }
    });

    it('publishing any other event type is a permission violation', async () => {
      const own = new Set([...access.publishes, DeadLettered].map((d) => d.type));
      const others = eventRegistry.all().filter((d) => !own.has(d.type));
      expect(others.length).toBeGreaterThan(0);
      for (const definition of others)
        await expect(
          bus.js.publish(definition.subject, encodeEvent(exampleOf(definition)), {
            timeout: 2_000,
          }),
        ).rejects.toThrow(/Permissions Violation for Publish/);
    });

    it('consumes each subscription with a durable pull consumer and acknowledges it', async () => {
      const runner = new EventConsumerRunner(bus, new EventPublisher(bus), quiet);
      const subscriptions = [
        ...sharedDurables(access).map(({ durable, event }) => ({ durable, event, live: false })),
        ...(access.consumesPerInstance ?? []).map((event) => ({
          durable: consumerName(`${service}-pod-7`, event),
          event,
          live: true,
        })),
      ];
      expect(subscriptions.length).toBeGreaterThan(0);
      for (const { durable, event, live } of subscriptions) {
        const seen: string[] = [];
        consumers.push(
          await runner.start({
            durable,
            event,
            ...(live ? { deliverPolicy: 'new' as const } : {}),
            handle: async (envelope) => void seen.push(envelope.id),
          }),
        );
        const sent = exampleOf(event);
        await new EventPublisher(ops).publish(sent);
        await eventually(() => seen.includes(sent.id), 5_000);
        // Acknowledged: nothing pending, nothing to redeliver.
        await eventually(async () => {
          const info = await ops.jsm.consumers.info(stream, durable);
          return info.num_ack_pending === 0 && info.num_pending === 0;
        }, 5_000);
      }
    });

    it('cannot create a consumer on events it does not consume', async () => {
      const consumed = new Set(
        [...Object.values(access.consumes).flat(), ...(access.consumesPerInstance ?? [])].map(
          (d) => d.type,
        ),
      );
      const foreign = eventRegistry.all().find((d) => !consumed.has(d.type))!;
      await expect(
        bus.jsm.consumers.add(stream, {
          durable_name: consumerName(service, foreign),
          filter_subject: foreign.subject,
        }),
      ).rejects.toThrow(/Permissions Violation/);
      // Nor one that reads every subject.
      await expect(
        bus.jsm.consumers.add(stream, { durable_name: `${service}-everything` }),
      ).rejects.toThrow(/Permissions Violation/);
    });

    it("cannot pull from or reconfigure another service's shared consumers", async () => {
      const other = SERVICE_NAMES.find(
        (name) => name !== service && sharedDurables(BUS_ACCESS[name]).length > 0,
      )!;
      const [{ durable, event }] = sharedDurables(BUS_ACCESS[other]);
      await expect(bus.jsm.consumers.info(stream, durable)).rejects.toThrow(
        /Permissions Violation/,
      );
      await expect(
        bus.jsm.consumers.add(stream, { durable_name: durable, filter_subject: event.subject }),
      ).rejects.toThrow(/Permissions Violation/);
    });
  });

  it('the gateway user cannot publish support.agent.reply_sent', async () => {
    const gateway = await connect('gateway');
    const forged = exampleOf(ReplySent);
    await expect(
      gateway.js.publish(ReplySent.subject, encodeEvent(forged), { timeout: 2_000 }),
    ).rejects.toThrow(`Permissions Violation for Publish to "${ReplySent.subject}"`);
    // Refused at once as `forbidden` (dead-letter now), not waited on as an outage of the bus.
    const started = Date.now();
    await expect(new EventPublisher(gateway).publish(forged)).rejects.toMatchObject({
      code: 'forbidden',
      message: `This service may not publish to ${ReplySent.subject}`,
    });
    expect(Date.now() - started).toBeLessThan(1_500);
    // What it may publish still goes through on the same connection.
    await new EventPublisher(gateway).publish(exampleOf(MessageReceived));
  });
});
