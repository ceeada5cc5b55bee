import { ERASED_THREAD_NOTICE } from './use-cases/erase-customer-threads.js';
import { PersonalData, sealEscalationFields } from '@support/privacy';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  busOptionsFromEnv,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
  type RunningConsumer,
} from '@support/bus';
import {
  AdminReplied,
  isSealed,
  CustomerForgotten,
  createEvent,
  type EnvelopeOf,
  EscalationRaised,
  type EscalationRaisedPayload,
  MessageReceived,
  ThreadOpened,
} from '@support/contracts';
import { storableText } from '@support/persistence';
import type { types as SlackTypes } from '@slack/bolt';
import { type StartedService, startService } from '@support/platform';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { SlackAdminChannel } from './adapters/slack-admin-channel.js';
import { ADMIN_CHANNEL, EscalationModule } from './escalation.module.js';
import { ThreadStore } from './persistence/thread-store.js';
import { FakeSlackApi } from './testing/fake-slack-api.js';
import { messageEventBody, postSignedEvent } from './testing/signed-delivery.js';
import { RelayAdminReply, replyFromConsole } from './use-cases/relay-admin-reply.js';

const SECRET = 'test-signing-secret';
const CHANNEL = 'C0HANDOFF';
const quiet = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stack {
  readonly service: StartedService;
  readonly publisher: EventPublisher;
  readonly opened: EnvelopeOf<typeof ThreadOpened>[];
  readonly replies: EnvelopeOf<typeof AdminReplied>[];
  /** The service's own: what a customer sends is sealed with the keys it opens with. */
  readonly personalData: PersonalData;
  close(): Promise<void>;
}

/** The escalation service on a test-owned nats-server and test database, with a probe. */
async function startStack(
  nats: TestNatsServer,
  db: TestDatabase,
  extraEnv: Record<string, string>,
): Promise<Stack> {
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('ESCALATION') };
  const env = { ...busEnv, SLACK_EVENTS_PORT: '0', ...extraEnv };
  const service = await startService(
    'escalation',
    EscalationModule.register({
      env,
      bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [200] },
      database: { url: db.url },
    }),
    { port: 0, host: '127.0.0.1', shutdownHooks: false },
  );
  const bus = await BusConnection.open(busOptionsFromEnv('escalation-test', busEnv));
  const publisher = new EventPublisher(bus);
  const runner = new EventConsumerRunner(bus, publisher, quiet);
  const personalData = service.app.get(PersonalData);
  const opened: EnvelopeOf<typeof ThreadOpened>[] = [];
  const replies: EnvelopeOf<typeof AdminReplied>[] = [];
  const probes: RunningConsumer[] = [
    await runner.start({
      durable: 'test-opened',
      event: ThreadOpened,
      handle: async (e) => void opened.push(e),
    }),
    await runner.start({
      durable: 'test-replied',
      event: AdminReplied,
      // The reply travels sealed under the customer's key; the tests read it opened.
      handle: async (e) => {
        expect(isSealed(e.payload.text)).toBe(true);
        const text = await personalData.readable(e.payload.text);
        replies.push({ ...e, payload: { ...e.payload, text } });
      },
    }),
  ];
  return {
    service,
    publisher,
    opened,
    replies,
    personalData,
    close: async () => {
      for (const p of probes) await p.stop();
      await service.app.close();
      await bus.close();
    },
  };
}

function escalationPayload(overrides: Partial<EscalationRaisedPayload> = {}) {
  return {
    escalationId: randomUUID(),
    customerId: 'cust-1',
    reason: 'below_score_floor',
    group: 'avoidable',
    language: 'en',
    question: 'Can I return <b>shoes</b> & get cash?',
    transcript: [
      {
        role: 'customer',
        text: 'Can I return <b>shoes</b> & get cash?',
        at: new Date().toISOString(),
      },
      { role: 'agent', text: 'Let me connect you with a colleague.', at: new Date().toISOString() },
    ],
    chunks: [{ chunkId: 'returns-policy#3', score: 0.21 }],
    ordersMentioned: ['ORD-1001'],
    ...overrides,
  } satisfies EscalationRaisedPayload;
}

/** The agent's side: what the customer wrote goes out sealed under their key. */
async function raised(
  stack: Stack,
  conversationId: string,
  payload: EscalationRaisedPayload,
  id = newEventId(),
) {
  const personal = await sealEscalationFields(stack.personalData, payload.customerId, payload);
  return createEvent(
    EscalationRaised,
    { ...payload, ...personal },
    {
      id,
      occurredAt: new Date().toISOString(),
      conversationId,
      turnId: newEventId(),
      correlationId: newEventId(),
    },
  );
}

async function customerMessage(stack: Stack, conversationId: string, text: string) {
  return createEvent(
    MessageReceived,
    {
      messageId: randomUUID(),
      customerId: 'cust-1',
      text: await stack.personalData.sealText('cust-1', text),
      attachments: [],
      channel: 'web',
    },
    {
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId,
      turnId: newEventId(),
      correlationId: newEventId(),
    },
  );
}

describe('escalation service with Slack (fake Web API, signed event deliveries)', () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let fake: FakeSlackApi;
  let stack: Stack;
  let eventsUrl: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('escalation_test');
    fake = await FakeSlackApi.start();
    stack = await startStack(nats, db, {
      SLACK_BOT_TOKEN: 'xoxb-test',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_CHANNEL: CHANNEL,
      SLACK_API_URL: fake.apiUrl,
      SLACK_RETRIES: '2',
      SLACK_ADMIN_USER_IDS: 'UADMIN01, UADMIN02',
      REPLY_LINK_HOSTS: 'sanaa.example',
    });
    fake.users.set('UADMIN02', { id: 'UADMIN02', name: 'huda.k', displayName: 'Huda' });
    const channel = stack.service.app.get<SlackAdminChannel>(ADMIN_CHANNEL);
    eventsUrl = channel.eventsUrl!;
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.stop();
    await db?.drop();
    await nats?.stop();
  });

  const conversationId = `conv-${randomUUID()}`;
  const first = escalationPayload();
  const postsFor = (escalationId: string) =>
    fake.posted.filter((p) => p.text.includes(escalationId));
  let threadTs = '';

  it('opens a thread whose first message is the escaped summary and the transcript', async () => {
    const event = await raised(stack, conversationId, first);
    await stack.publisher.publish(event);
    const opened = await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === first.escalationId) ?? false,
    );
    const [post] = postsFor(first.escalationId);
    expect(post).toBeDefined();
    threadTs = post!.ts;
    expect(post!.channel).toBe(CHANNEL);
    expect(post!.threadTs).toBeUndefined();
    expect(post!.text).toContain('below_score_floor (avoidable)');
    expect(post!.text).toContain('Can I return &lt;b&gt;shoes&lt;/b&gt; &amp; get cash?');
    expect(post!.text).toContain('`returns-policy#3` score 0.210');
    expect(post!.text).toContain('`ORD-1001`');
    expect(post!.text).toContain('*Transcript:*');
    expect(post!.text).not.toContain('<b>');
    expect(opened.payload).toEqual({
      escalationId: first.escalationId,
      provider: 'slack',
      channel: CHANNEL,
      threadId: threadTs,
    });
    expect(opened.conversationId).toBe(conversationId);
  });

  it('a redelivered (republished) raised event opens no second thread', async () => {
    // A new envelope id so JetStream does not deduplicate it: the service's own table must.
    await stack.publisher.publish(await raised(stack, conversationId, first));
    await sleep(800);
    expect(postsFor(first.escalationId)).toHaveLength(1);
  });

  it('a later customer message lands in the same thread', async () => {
    await stack.publisher.publish(
      await customerMessage(stack, conversationId, 'Any news? <@here>'),
    );
    const post = await eventually(
      () => fake.posted.find((p) => p.text.includes('Any news?')) ?? false,
    );
    expect(post.threadTs).toBe(threadTs);
    expect(post.channel).toBe(CHANNEL);
    expect(post.text).toContain('Any news? &lt;@here&gt;');
  });

  it('forgetting the customer deletes what the bot posted in their thread, and says why', async () => {
    const forgottenConversation = `conv-${randomUUID()}`;
    const escalation = escalationPayload({ customerId: 'cust-1' });
    await stack.publisher.publish(await raised(stack, forgottenConversation, escalation));
    const summary = await eventually(() => postsFor(escalation.escalationId)[0] ?? false);
    await stack.publisher.publish(
      await customerMessage(stack, forgottenConversation, 'My flat is 12B, call 0551234567'),
    );
    await eventually(() => fake.posted.some((p) => p.text.includes('0551234567')));
    const inThread = () =>
      fake.stored.filter((m) => m.ts === summary.ts || m.threadTs === summary.ts);
    expect(inThread()).toHaveLength(2);

    const { keyIds } = await stack.personalData.forget('cust-1');
    await stack.publisher.publish(
      createEvent(
        CustomerForgotten,
        {
          requestId: newEventId(),
          customerId: 'cust-1',
          keyIds: [...keyIds],
          conversationIds: [forgottenConversation],
          reason: 'request',
          requestedBy: 'cli',
        },
        { id: newEventId(), occurredAt: new Date().toISOString(), correlationId: newEventId() },
      ),
    );
    await eventually(() => inThread().length === 1);
    expect(inThread()).toEqual([
      expect.objectContaining({ ts: summary.ts, text: ERASED_THREAD_NOTICE }),
    ]);
    expect(JSON.stringify(fake.stored)).not.toContain('0551234567');
  });

  const adminReply = (eventId: string, extra: Record<string, unknown> = {}) =>
    messageEventBody(eventId, {
      channel: CHANNEL,
      user: 'UADMIN01',
      text: 'Yes, you can return them within 30 days.',
      ts: `${1_800_000_000 + Math.floor(Math.random() * 1000)}.000100`,
      thread_ts: threadTs,
      client_msg_id: randomUUID(),
      ...extra,
    });

  const replyEventId = `Ev${randomUUID().slice(0, 8)}`;

  it('an admin reply in the thread publishes escalation.admin_replied for the conversation', async () => {
    expect(await postSignedEvent(eventsUrl, SECRET, adminReply(replyEventId))).toBe(200);
    const reply = await eventually(
      () => stack.replies.find((r) => r.payload.externalId === replyEventId) ?? false,
    );
    expect(reply.conversationId).toBe(conversationId);
    expect(reply.payload).toMatchObject({
      escalationId: first.escalationId,
      provider: 'slack',
      adminId: 'UADMIN01',
      text: 'Yes, you can return them within 30 days.',
    });
  });

  it('a retried delivery of the same event (X-Slack-Retry-Num: 1) replies once', async () => {
    const status = await postSignedEvent(eventsUrl, SECRET, adminReply(replyEventId), {
      retryNum: 1,
    });
    expect(status).toBe(200);
    await sleep(800);
    expect(stack.replies.filter((r) => r.payload.externalId === replyEventId)).toHaveLength(1);
    // Not only JetStream's 2-minute dedupe window: the service remembers the event id itself.
    const relay = stack.service.app.get(RelayAdminReply);
    const again = { channel: CHANNEL, threadId: threadTs, adminId: 'UADMIN01', text: 'x' };
    expect(await relay.fromThread({ ...again, externalId: replyEventId }, 'slack')).toBe(
      'duplicate',
    );
  });

  it('refuses forged and stale signatures with 401 and publishes nothing', async () => {
    const forgedId = `Ev${randomUUID().slice(0, 8)}`;
    const staleId = `Ev${randomUUID().slice(0, 8)}`;
    expect(
      await postSignedEvent(eventsUrl, SECRET, adminReply(forgedId), { forgeWith: 'wrong' }),
    ).toBe(401);
    expect(
      await postSignedEvent(eventsUrl, SECRET, adminReply(staleId), {
        timestampSec: Math.floor(Date.now() / 1000) - 10 * 60,
      }),
    ).toBe(401);
    await sleep(800);
    const ids = stack.replies.map((r) => r.payload.externalId);
    expect(ids).not.toContain(forgedId);
    expect(ids).not.toContain(staleId);
  });

  it('ignores bot messages (our own included) and messages outside a known thread', async () => {
    const ids = [1, 2, 3, 4].map(() => `Ev${randomUUID().slice(0, 8)}`);
    const bodies = [
      adminReply(ids[0]!, { bot_id: 'B0OTHER', subtype: 'bot_message' }),
      adminReply(ids[1]!, { user: fake.botUserId, bot_id: fake.botId }),
      adminReply(ids[2]!, { subtype: 'message_changed' }),
      adminReply(ids[3]!, { thread_ts: '1111111111.000001' }),
    ];
    for (const body of bodies) expect(await postSignedEvent(eventsUrl, SECRET, body)).toBe(200);
    await sleep(800);
    const published = stack.replies.map((r) => r.payload.externalId);
    for (const id of ids) expect(published).not.toContain(id);
  });

  it('the events receiver listens on 127.0.0.1 unless SLACK_EVENTS_HOST says otherwise', () => {
    const channel = stack.service.app.get<SlackAdminChannel>(ADMIN_CHANNEL);
    expect(channel.eventsAddress?.address).toBe('127.0.0.1');
  });

  /** Opens a handoff thread for a new conversation and returns its ts. */
  const openThread = async () => {
    const payload = escalationPayload();
    await stack.publisher.publish(await raised(stack, `conv-${randomUUID()}`, payload));
    const opened = await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === payload.escalationId) ?? false,
    );
    return { escalationId: payload.escalationId, threadTs: opened.payload.threadId };
  };
  const replyIn = (threadTs: string, user: string, text: string) => {
    const eventId = `Ev${randomUUID().slice(0, 8)}`;
    const body = messageEventBody(eventId, {
      channel: CHANNEL,
      user,
      text,
      ts: `${1_800_000_000 + Math.floor(Math.random() * 1000)}.000300`,
      thread_ts: threadTs,
      client_msg_id: randomUUID(),
    });
    return { eventId, post: () => postSignedEvent(eventsUrl, SECRET, body) };
  };
  const noticesIn = (threadTs: string) =>
    fake.posted.filter((p) => p.threadTs === threadTs && !p.text.includes('*Transcript:*'));

  it('a channel member who is not an admin does not reach the customer; the bot says so once', async () => {
    const { escalationId, threadTs } = await openThread();
    const first = replyIn(threadTs, 'UMEMBER9', 'Sure, 50% off for you!');
    const second = replyIn(threadTs, 'UMEMBER9', 'Really, trust me.');
    expect(await first.post()).toBe(200);
    expect(await second.post()).toBe(200);
    const notice = await eventually(() => noticesIn(threadTs)[0] ?? false);
    expect(notice.text).toContain('<@UMEMBER9>');
    expect(notice.text).toContain('was not sent');
    await sleep(800);
    const ids = stack.replies.map((r) => r.payload.externalId);
    expect(ids).not.toContain(first.eventId);
    expect(ids).not.toContain(second.eventId);
    expect(noticesIn(threadTs)).toHaveLength(1);

    // An admin on the list still answers in the same thread.
    const admin = replyIn(threadTs, 'UADMIN02', 'Bulk orders get 10%; I will email you.');
    expect(await admin.post()).toBe(200);
    const reply = await eventually(
      () => stack.replies.find((r) => r.payload.externalId === admin.eventId) ?? false,
    );
    expect(reply.payload).toMatchObject({ escalationId, adminId: 'UADMIN02' });
  });

  it('after the first admin reply resolves the escalation, later replies are not relayed; the bot says it is closed once', async () => {
    const { escalationId, threadTs } = await openThread();
    const answer = replyIn(threadTs, 'UADMIN01', 'Your refund is on its way.');
    expect(await answer.post()).toBe(200);
    await eventually(() => stack.replies.some((r) => r.payload.externalId === answer.eventId));

    const late = [
      replyIn(threadTs, 'UADMIN01', 'Also, here is a coupon.'),
      replyIn(threadTs, 'UADMIN02', 'And another one.'),
    ];
    for (const reply of late) expect(await reply.post()).toBe(200);
    const closed = await eventually(() => noticesIn(threadTs)[0] ?? false);
    expect(closed.text).toContain('resolved');
    await sleep(800);
    const relayed = stack.replies.filter((r) => r.payload.escalationId === escalationId);
    expect(relayed.map((r) => r.payload.externalId)).toEqual([answer.eventId]);
    expect(noticesIn(threadTs)).toHaveLength(1);

    // The customer's later messages go to the assistant, not to the closed thread.
    const conversationId = stack.opened.find(
      (e) => e.payload.escalationId === escalationId,
    )!.conversationId!;
    await stack.publisher.publish(
      await customerMessage(stack, conversationId, 'Thanks! One more thing'),
    );
    await sleep(800);
    expect(fake.posted.filter((p) => p.text.includes('One more thing'))).toEqual([]);
  });

  it('an escalation answered elsewhere (the admin console) closes its Slack thread too', async () => {
    const { escalationId, threadTs } = await openThread();
    const conversationId = stack.opened.find(
      (e) => e.payload.escalationId === escalationId,
    )!.conversationId!;
    await stack.publisher.publish(
      createEvent(
        AdminReplied,
        {
          escalationId,
          provider: 'console',
          adminId: 'admin-7',
          text: await stack.personalData.sealText('cust-1', 'Answered from the console.'),
          externalId: `console:${randomUUID()}`,
        },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId,
          correlationId: newEventId(),
        },
      ),
    );
    // The console's reply reaches this service through its own consumer of admin_replied.
    const store = stack.service.app.get(ThreadStore);
    await eventually(async () => (await store.findByEscalation(escalationId))?.resolvedAt ?? false);
    const slackReply = replyIn(threadTs, 'UADMIN01', 'Answering here as well.');
    expect(await slackReply.post()).toBe(200);
    await eventually(() => noticesIn(threadTs).length > 0);
    await sleep(500);
    expect(stack.replies.map((r) => r.payload.externalId)).not.toContain(slackReply.eventId);
  });

  /** An Events API delivery of `event` in `threadTs`, with a fresh event id. */
  const deliver = (event: Record<string, unknown>) => {
    const eventId = `Ev${randomUUID().slice(0, 8)}`;
    return {
      eventId,
      post: () => postSignedEvent(eventsUrl, SECRET, messageEventBody(eventId, event)),
    };
  };
  /** The reply reached nobody, its escalation is still open, and the thread's notice says why. */
  const refusedWithNotice = async (eventId: string, escalationId: string, threadTs: string) => {
    const notice = await eventually(() => noticesIn(threadTs)[0] ?? false);
    await sleep(500);
    expect(stack.replies.map((r) => r.payload.externalId)).not.toContain(eventId);
    const store = stack.service.app.get(ThreadStore);
    expect((await store.findByEscalation(escalationId))?.resolvedAt ?? null).toBeNull();
    return notice.text;
  };
  const relayedText = (eventId: string) =>
    eventually(() => stack.replies.find((r) => r.payload.externalId === eventId) ?? false);

  // Shapes of Slack's `message` subtypes as `@slack/types` (published by Slack) declares them and
  // api.slack.com/events/message/thread_broadcast and .../file_share show them: "also send to
  // channel" carries `root` (the thread's first message, here our bot's summary) and `thread_ts`;
  // a reply with a file carries `files` (private URLs only workspace members can open).
  const broadcast = (threadTs: string, text: string) =>
    ({
      type: 'message',
      subtype: 'thread_broadcast',
      text,
      user: 'UADMIN01',
      ts: `${1_800_000_000 + Math.floor(Math.random() * 1000)}.000400`,
      thread_ts: threadTs,
      root: {
        type: 'message',
        subtype: 'bot_message',
        text: 'Escalation summary',
        ts: threadTs,
        bot_id: fake.botId,
        username: 'support-bot',
        thread_ts: threadTs,
        reply_count: 1,
        reply_users_count: 1,
        latest_reply: threadTs,
        reply_users: ['UADMIN01'],
      },
      client_msg_id: randomUUID(),
      channel: CHANNEL,
      channel_type: 'channel',
      event_ts: `${1_800_000_000}.000400`,
    }) satisfies Omit<SlackTypes.ThreadBroadcastMessageEvent, 'root'> & {
      root: Record<string, unknown>;
    };
  const fileShare = (threadTs: string, text: string) =>
    ({
      type: 'message',
      subtype: 'file_share',
      text,
      files: [
        {
          id: 'F0LABEL01',
          created: 1_800_000_000,
          name: 'return-label.pdf',
          title: 'return-label.pdf',
          mimetype: 'application/pdf',
          filetype: 'pdf',
          pretty_type: 'PDF',
          user: 'UADMIN01',
          editable: false,
          size: 52_311,
          mode: 'hosted',
          is_external: false,
          external_type: '',
          is_public: false,
          public_url_shared: false,
          display_as_bot: false,
          username: '',
          url_private: 'https://files.slack.com/files-pri/T0001-F0LABEL01/return-label.pdf',
        },
      ],
      upload: false,
      display_as_bot: false,
      user: 'UADMIN01',
      parent_user_id: fake.botUserId,
      ts: `${1_800_000_000 + Math.floor(Math.random() * 1000)}.000500`,
      thread_ts: threadTs,
      channel: CHANNEL,
      channel_type: 'channel',
      event_ts: `${1_800_000_000}.000500`,
    }) satisfies Omit<SlackTypes.FileShareMessageEvent, 'files'> & {
      files: Record<string, unknown>[];
    };

  it('relays an "also send to channel" reply (thread_broadcast) and resolves the escalation', async () => {
    const { escalationId, threadTs } = await openThread();
    const reply = deliver(broadcast(threadTs, 'Your exchange is approved &amp; on its way.'));
    expect(await reply.post()).toBe(200);
    const relayed = await relayedText(reply.eventId);
    expect(relayed.payload).toMatchObject({
      escalationId,
      text: 'Your exchange is approved & on its way.',
    });
    const store = stack.service.app.get(ThreadStore);
    expect((await store.findByEscalation(escalationId))?.resolvedAt).toBeTruthy();
  });

  it('relays the text of a reply with a file, and says in the thread the customer cannot get the file', async () => {
    const { threadTs } = await openThread();
    const reply = deliver(fileShare(threadTs, 'Print the attached label and drop the parcel off.'));
    expect(await reply.post()).toBe(200);
    expect((await relayedText(reply.eventId)).payload.text).toBe(
      'Print the attached label and drop the parcel off.',
    );
    const notice = await eventually(() => noticesIn(threadTs)[0] ?? false);
    expect(notice.text).toContain('return-label.pdf');
    expect(notice.text).toContain('cannot open files');
  });

  it('a file without words reaches nobody: the escalation stays open and the thread says why', async () => {
    const { escalationId, threadTs } = await openThread();
    const reply = deliver(fileShare(threadTs, ''));
    expect(await reply.post()).toBe(200);
    const notice = await refusedWithNotice(reply.eventId, escalationId, threadTs);
    expect(notice).toContain('return-label.pdf');
  });

  it('decodes Slack markup into what the admin saw: names, link labels with addresses, entities', async () => {
    const { threadTs } = await openThread();
    const reply = replyIn(
      threadTs,
      'UADMIN01',
      '<@UADMIN02> checked it: see <https://help.sanaa.example/returns?size=m&amp;colour=red|the returns page> &lt;3 <!here>',
    );
    expect(await reply.post()).toBe(200);
    expect((await relayedText(reply.eventId)).payload.text).toBe(
      '@Huda checked it: see the returns page (https://help.sanaa.example/returns?size=m&colour=red) <3',
    );
  });

  it('a reply linking outside REPLY_LINK_HOSTS (behind a Slack label) is not sent; the thread names the host', async () => {
    const { escalationId, threadTs } = await openThread();
    const reply = replyIn(
      threadTs,
      'UADMIN01',
      'Pay here: <https://pay.evil.example/x|sanaa.example/pay>',
    );
    expect(await reply.post()).toBe(200);
    const notice = await refusedWithNotice(reply.eventId, escalationId, threadTs);
    expect(notice).toContain('pay.evil.example');
    expect(notice).toContain('was not sent');
  });

  it('waits out a 429 (Retry-After: 1) and then opens the thread', async () => {
    const payload = escalationPayload();
    fake.rateLimitOnce(1);
    await stack.publisher.publish(await raised(stack, `conv-${randomUUID()}`, payload));
    await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === payload.escalationId) ?? false,
    );
    const limited = fake.calls.find((c) => c.status === 429)!;
    const success = fake.calls.find(
      (c) => c.status === 200 && String(c.args.text ?? '').includes(payload.escalationId),
    )!;
    expect(limited).toBeDefined();
    expect(success.at - limited.at).toBeGreaterThanOrEqual(950);
    expect(postsFor(payload.escalationId)).toHaveLength(1);
  });

  it('an outage on the first attempts ends with the thread opened after redelivery', async () => {
    const payload = escalationPayload();
    const failedBefore = fake.calls.filter((c) => c.status === 503).length;
    // 1 + SLACK_RETRIES(2) attempts fail in the first delivery; the redelivery gets through.
    fake.failNext(5, 503);
    await stack.publisher.publish(await raised(stack, `conv-${randomUUID()}`, payload));
    await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === payload.escalationId) ?? false,
      20_000,
    );
    expect(fake.calls.filter((c) => c.status === 503).length - failedBefore).toBe(5);
    expect(postsFor(payload.escalationId)).toHaveLength(1);
  });

  it('ids and texts with NUL and lone surrogates: the thread opens, later messages and the reply find it', async () => {
    // Valid by the contracts (an event from an older gateway, say), refused by Postgres as is.
    const conversationId = `conv-${randomUUID()}\u0000\ud800`;
    const payload = escalationPayload({
      customerId: 'cust-\u0000\udc00',
      question: 'Wholesale\u0000 return \ud800?',
    });
    await stack.publisher.publish(await raised(stack, conversationId, payload));
    const opened = await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === payload.escalationId) ?? false,
      20_000,
    );
    expect(opened.conversationId).toBe(conversationId);
    const thread = opened.payload.threadId;

    await stack.publisher.publish(
      await customerMessage(stack, conversationId, 'Still there?\u0000'),
    );
    const relayed = await eventually(
      () => fake.posted.find((p) => p.text.includes('Still there?')) ?? false,
    );
    expect(relayed.threadTs).toBe(thread);

    const eventId = `Ev${randomUUID().slice(0, 8)}`;
    const body = messageEventBody(eventId, {
      channel: CHANNEL,
      user: 'UADMIN01',
      text: 'Wholesale returns go through your account manager.',
      ts: `${1_800_000_000 + Math.floor(Math.random() * 1000)}.000200`,
      thread_ts: thread,
      client_msg_id: randomUUID(),
    });
    expect(await postSignedEvent(eventsUrl, SECRET, body)).toBe(200);
    const reply = await eventually(
      () => stack.replies.find((r) => r.payload.externalId === eventId) ?? false,
    );
    expect(reply.payload.escalationId).toBe(payload.escalationId);
    // The conversation as every table keys it; storing it again changes nothing (idempotent).
    expect(reply.conversationId).toBe(storableText(conversationId));
  });
});

describe('escalation service without Slack (console provider)', () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let stack: Stack;

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('escalation_test');
    stack = await startStack(nats, db, {});
  });
  afterAll(async () => {
    await stack?.close();
    await db?.drop();
    await nats?.stop();
  });

  it('records the thread, publishes thread_opened, and relays a console reply', async () => {
    const conversationId = `conv-${randomUUID()}`;
    const payload = escalationPayload();
    await stack.publisher.publish(await raised(stack, conversationId, payload));
    const opened = await eventually(
      () => stack.opened.find((e) => e.payload.escalationId === payload.escalationId) ?? false,
    );
    expect(opened.payload).toEqual({
      escalationId: payload.escalationId,
      provider: 'console',
      channel: 'console',
      threadId: payload.escalationId,
    });
    const relay = stack.service.app.get(RelayAdminReply);
    await replyFromConsole(relay, payload.escalationId, 'admin-7', 'We will refund you today.');
    const reply = await eventually(
      () => stack.replies.find((r) => r.payload.escalationId === payload.escalationId) ?? false,
    );
    expect(reply.conversationId).toBe(conversationId);
    expect(reply.payload).toMatchObject({ provider: 'console', adminId: 'admin-7' });
  });
});
