import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, busOptionsFromEnv, EventPublisher, newEventId } from '@support/bus';
import {
  createEvent,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationRaised,
  exampleEvent,
  ReplyDelivered,
  ReplyFailed,
} from '@support/contracts';
import { type StartedService, startService } from '@support/platform';
import { PersonalData } from '@support/privacy';
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

const CHANNEL = 'C0CLAIMS';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notices in the Slack thread: console claims, WhatsApp deliveries (fake Slack Web API)', () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let slack: FakeSlackApi;
  let service: StartedService;
  let bus: BusConnection;
  let publisher: EventPublisher;

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('escalation_claims_test');
    slack = await FakeSlackApi.start();
    const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('CLAIMS') };
    service = await startService(
      'escalation',
      EscalationModule.register({
        env: {
          ...busEnv,
          SLACK_EVENTS_PORT: '0',
          SLACK_BOT_TOKEN: 'xoxb-test',
          SLACK_SIGNING_SECRET: 'claims-signing-secret',
          SLACK_CHANNEL: CHANNEL,
          SLACK_API_URL: slack.apiUrl,
          SLACK_ADMIN_USER_IDS: 'UADMIN01',
        },
        bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [200] },
        database: { url: db.url },
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
    bus = await BusConnection.open(busOptionsFromEnv('claims-test', busEnv));
    publisher = new EventPublisher(bus);
  });

  afterAll(async () => {
    await service?.app.close();
    await bus?.close();
    await slack?.stop();
    await db?.drop();
    await nats?.stop();
  });

  // The agent's side: the question goes out sealed under the customer's key.
  const seal = (text: string) => service.app.get(PersonalData).sealText('cust-1001', text);
  const metadata = (conversationId: string) => ({
    id: newEventId(),
    occurredAt: new Date().toISOString(),
    conversationId,
    correlationId: newEventId(),
  });

  it('says in the thread who is handling the escalation and when they let it go, each once', async () => {
    const escalationId = randomUUID();
    const conversationId = `conv-${randomUUID()}`;
    await publisher.publish(
      exampleEvent(
        EscalationRaised,
        { ...metadata(conversationId), turnId: newEventId() },
        {
          escalationId,
          question: await seal(`Where is my abaya? ${escalationId}`),
        },
      ),
    );
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(escalationId)) ?? false,
      15_000,
    );
    const inThread = () => slack.posted.filter((p) => p.threadTs === opening.ts);

    const claim = { escalationId, adminId: 'admin-huda', sequence: 1 };
    await publisher.publish(createEvent(EscalationClaimed, claim, metadata(conversationId)));
    const claimed = await eventually(() => inThread()[0] ?? false, 15_000);
    expect(claimed.channel).toBe(CHANNEL);
    expect(claimed.text).toBe(
      "admin-huda is handling this (claimed in the admin console); other admins' console " +
        'replies are refused until it is released.',
    );
    // The same claim again under a new envelope id (past JetStream's duplicate window): no repeat.
    await publisher.publish(createEvent(EscalationClaimed, claim, metadata(conversationId)));

    await publisher.publish(
      createEvent(
        EscalationClaimReleased,
        { escalationId, adminId: 'admin-huda', sequence: 2 },
        metadata(conversationId),
      ),
    );
    await eventually(() => inThread().length >= 2, 15_000);
    await sleep(800);
    expect(inThread().map((p) => p.text)).toEqual([
      claimed.text,
      'admin-huda is no longer handling this; any admin may claim it in the admin console.',
    ]);
  });

  it('a claim that comes while the thread is being opened is said once the thread is there', async () => {
    const escalationId = randomUUID();
    const conversationId = `conv-${randomUUID()}`;
    // Slack has the opening post, but the service waits for its answer: the thread is not recorded.
    slack.holdNextPost(1_500);
    await publisher.publish(
      exampleEvent(
        EscalationRaised,
        { ...metadata(conversationId), turnId: newEventId() },
        { escalationId, question: await seal(`Is my dress on its way? ${escalationId}`) },
      ),
    );
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(escalationId)) ?? false,
      15_000,
    );
    await publisher.publish(
      createEvent(
        EscalationClaimed,
        { escalationId, adminId: 'admin-sara', sequence: 1 },
        metadata(conversationId),
      ),
    );
    const claimed = await eventually(
      () => slack.posted.find((p) => p.threadTs === opening.ts) ?? false,
      15_000,
    );
    expect(claimed.text).toContain('admin-sara is handling this');
  });

  it('a claim on an escalation without a thread here posts nothing', async () => {
    const before = slack.posted.length;
    await publisher.publish(
      createEvent(
        EscalationClaimed,
        { escalationId: randomUUID(), adminId: 'admin-omar', sequence: 1 },
        metadata(`conv-${randomUUID()}`),
      ),
    );
    await sleep(1_000);
    expect(slack.posted.length).toBe(before);
  });

  it("says once that an admin's reply reached WhatsApp only as the template, and that another never arrived", async () => {
    const escalationId = randomUUID();
    const conversationId = `conv-${randomUUID()}`;
    await publisher.publish(
      exampleEvent(
        EscalationRaised,
        { ...metadata(conversationId), turnId: newEventId() },
        { escalationId, question: await seal(`Can you hem my abaya? ${escalationId}`) },
      ),
    );
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(escalationId)) ?? false,
      15_000,
    );
    const inThread = () => slack.posted.filter((p) => p.threadTs === opening.ts);
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
    const again = { ...template, id: newEventId() };
    for (const event of [template, again, failure, plain]) await publisher.publish(event);
    await eventually(() => inThread().length >= 2, 15_000);
    await sleep(1_000);
    // Two consumers, one per event type: the two notices may come in either order.
    expect(
      inThread()
        .map((p) => p.text)
        .sort(),
    ).toEqual(
      [
        DELIVERY_NOTICES.template({ name: 'support_reply', language: 'en' }, false),
        DELIVERY_NOTICES.failed(failure.payload),
      ].sort(),
    );
    expect(DELIVERY_NOTICES.failed(failure.payload)).toContain('131026: Message undeliverable');
  });
});
