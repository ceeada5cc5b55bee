import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  busOptionsFromEnv,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
  type RunningConsumer,
} from '@support/bus';
import { exampleEvent, MessageReceived } from '@support/contracts';
import { AppError } from '@support/platform';
import { eventually, startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { deadLettersCommand } from './deadletters.js';

describe('cli deadletters', () => {
  let nats: TestNatsServer;
  let env: Record<string, string>;
  let bus: BusConnection;
  let consumer: RunningConsumer;
  const handled: string[] = [];
  let fixed = false;

  const run = async (request: Parameters<typeof deadLettersCommand>[0]) => {
    let output = '';
    await deadLettersCommand(request, { env, print: (text) => (output += text) });
    return output;
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    env = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('CLI_DL'), BUS_MAX_DELIVER: '1' };
    bus = await BusConnection.open(busOptionsFromEnv('cli-deadletters-test', env));
    const runner = new EventConsumerRunner(bus, new EventPublisher(bus), {
      warn: () => undefined,
      error: () => undefined,
    });
    consumer = await runner.start({
      durable: 'orders__conversation_message_received',
      event: MessageReceived,
      handle: async (event) => {
        if (!fixed) throw new AppError('not_found', 'order 1001 is not there yet');
        handled.push(event.id);
      },
    });
  });
  afterAll(async () => {
    await consumer?.stop();
    await bus?.close();
    await nats?.stop();
  });

  it('lists a dead letter, re-drives it once to its consumer, and leaves it alone the second time', async () => {
    expect(await run({ action: 'list' })).toBe('no dead letters\n');
    const event = exampleEvent(
      MessageReceived,
      {
        id: newEventId(),
        occurredAt: new Date().toISOString(),
        conversationId: newEventId(),
        correlationId: newEventId(),
      },
      { attachments: [] },
    );
    await new EventPublisher(bus).publish(event);
    const listed = await eventually(async () => {
      const output = await run({ action: 'list' });
      return output.includes('1 dead letters') ? output : false;
    });
    expect(listed).toMatch(/orders__conversation_message_received/);
    expect(listed).toMatch(/support\.conversation\.message_received/);
    expect(listed).toMatch(/invalid\s+not_found\s+no\s+order 1001 is not there yet/);
    expect(listed).toMatch(/1 dead letters, 1 not re-driven/);
    const [row] = JSON.parse(await run({ action: 'list', json: true })) as { id: string }[];

    fixed = true;
    expect(await run({ action: 'redrive', all: true })).toMatch(
      new RegExp(`^${row!.id}: re-driven to orders__conversation_message_received`),
    );
    await eventually(() => handled.length === 1);
    expect(handled).toEqual([event.id]);

    expect(await run({ action: 'redrive', ids: [row!.id] })).toMatch(
      /already re-driven at .*, left alone/,
    );
    expect(await run({ action: 'redrive', all: true })).toBe('nothing to re-drive\n');
    expect(await run({ action: 'list' })).toMatch(/1 dead letters, 0 not re-driven/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(handled).toEqual([event.id]);
  });
});
