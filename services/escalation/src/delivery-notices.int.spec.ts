import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, busOptionsFromEnv, EventPublisher, newEventId } from '@support/bus';
import { EscalationRaised, exampleEvent, ReplyDelivered, ReplyFailed } from '@support/contracts';
import { type StartedService, startService } from '@support/platform';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { EscalationModule } from './escalation.module.js';
import { FakeSlackApi } from './testing/fake-slack-api.js';
import { DELIVERY_NOTICES } from './use-cases/thread-notices.js';

const CHANNEL = 'C0DELIVERY';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a reply's delivery on WhatsApp, told in the Slack thread (fake Slack Web API)", () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let slack: FakeSlackApi;
  let service: StartedService;
  let bus: BusConnection;
  let publisher: EventPublisher;

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('escalation_delivery_test');
    slack = await FakeSlackApi.start();
    const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('DELIVERY') };
    service = await startService(
      'escalation',
      EscalationModule.register({
        env: {
          ...busEnv,
          SLACK_EVENTS_PORT: '0',
          SLACK_BOT_TOKEN: 'xoxb-test',
          SLACK_SIGNING_SECRET: 'delivery-signing-secret',
          SLACK_CHANNEL: CHANNEL,
          SLACK_API_URL: slack.apiUrl,
          SLACK_ADMIN_USER_IDS: 'UADMIN01',
        },
        bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [200] },
        database: { url: db.url },
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
    bus = await BusConnection.open(busOptionsFromEnv('delivery-test', busEnv));
    publisher = new EventPublisher(bus);
  });

  afterAll(async () => {
    await service?.app.close();
    await bus?.close();
    await slack?.stop();
    await db?.drop();
    await nats?.stop();
  });

  const metadata = (conversationId: string) => ({
    id: newEventId(),
    occurredAt: new Date().toISOString(),
    conversationId,
    correlationId: newEventId(),
  });

  it('says once that an admin reply went out as the template, and that another never arrived', async () => {
    const conversationId = `conv-${randomUUID()}`;
    await publisher.publish(
      exampleEvent(EscalationRaised, metadata(conversationId), { escalationId: randomUUID() }),
    );
    const opening = await eventually(() => slack.posted[0] ?? false, 15_000);
    const template = exampleEvent(ReplyDelivered, metadata(conversationId), {
      replyId: randomUUID(),
      kind: 'human',
      via: 'template',
      template: { name: 'support_reply', language: 'en' },
    });
    const failure = exampleEvent(ReplyFailed, metadata(conversationId), { replyId: randomUUID() });
    // Delivered as messages: nothing to tell.
    const plain = exampleEvent(ReplyDelivered, metadata(conversationId), {
      replyId: randomUUID(),
      via: 'message',
    });
    for (const event of [template, template, failure, plain]) await publisher.publish(event);
    await eventually(() => slack.posted.length >= 3, 15_000);
    await sleep(1_000);
    expect(slack.posted.slice(1).map((p) => [p.threadTs, p.text])).toEqual([
      [opening.ts, DELIVERY_NOTICES.template({ name: 'support_reply', language: 'en' }, false)],
      [opening.ts, DELIVERY_NOTICES.failed(failure.payload)],
    ]);
    expect(slack.posted[2]!.text).toContain('131026: Message undeliverable');
  });
});
