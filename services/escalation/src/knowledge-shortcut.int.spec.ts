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
  createEvent,
  DocumentUpserted,
  DraftCreated,
  DraftPublished,
  type EnvelopeOf,
  type EscalationReason,
  EscalationRaised,
  type EventDefinition,
  ThreadOpened,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import {
  ALL_PROJECTIONS,
  KnowledgeReader,
  openDatabase,
  runProjection,
  personalDataOf,
} from '@support/persistence';
import { type StartedService, startService } from '@support/platform';
import { PersonalData, sealEscalationFields } from '@support/privacy';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import type { DataSource } from 'typeorm';
import type { SlackAdminChannel } from './adapters/slack-admin-channel.js';
import { ADMIN_CHANNEL, EscalationModule } from './escalation.module.js';
import { FakeSlackApi, type OpenedView } from './testing/fake-slack-api.js';
import {
  messageEventBody,
  messageShortcutPayload,
  postSignedEvent,
  postSignedInteraction,
  viewSubmissionPayload,
} from './testing/signed-delivery.js';
import { DRAFT_REFUSALS } from './use-cases/draft-notices.js';

const SECRET = 'knowledge-signing-secret';
const CHANNEL = 'C0KNOWLEDGE';
const ADMIN = 'UADMIN01';
const OTHER_ADMIN = 'UADMIN02';
const quiet = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A Slack ts for now (seconds.micros), unique per call. */
let tsSeq = 0;
const slackTsNow = () => `${Math.floor(Date.now() / 1000)}.${String(++tsSeq).padStart(6, '0')}`;

/** Every event of one type the service published, as a probe consumer saw them. */
class Probe<E extends EventDefinition> {
  readonly seen: EnvelopeOf<E>[] = [];
  constructor(readonly event: E) {}
}

type Block = { type: string; block_id?: string; element?: Record<string, unknown> };

/** An input's initial value (plain text input) or initial option (select) in an opened modal. */
function initial(view: OpenedView, blockId: string): unknown {
  const block = (view.view.blocks as Block[]).find((b) => b.block_id === blockId);
  const element = block?.element ?? {};
  return element.type === 'static_select'
    ? (element.initial_option as { value: string }).value
    : element.initial_value;
}

describe('"Add to knowledge base" Slack shortcut (fake Web API, signed interactivity)', () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let fake: FakeSlackApi;
  let service: StartedService;
  let bus: BusConnection;
  let publisher: EventPublisher;
  let projections: DataSource;
  let reader: KnowledgeReader;
  let eventsUrl: string;
  const running: RunningConsumer[] = [];
  const opened = new Probe(ThreadOpened);
  const replied = new Probe(AdminReplied);
  const created = new Probe(DraftCreated);
  const published = new Probe(DraftPublished);
  const upserted = new Probe(DocumentUpserted);

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('escalation_knowledge_test');
    fake = await FakeSlackApi.start();
    const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('KNOWLEDGE') };
    service = await startService(
      'escalation',
      EscalationModule.register({
        env: {
          ...busEnv,
          SLACK_EVENTS_PORT: '0',
          SLACK_BOT_TOKEN: 'xoxb-test',
          SLACK_SIGNING_SECRET: SECRET,
          SLACK_CHANNEL: CHANNEL,
          SLACK_API_URL: fake.apiUrl,
          SLACK_ADMIN_USER_IDS: `${ADMIN},${OTHER_ADMIN}`,
        },
        bus: { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [200] },
        database: { url: db.url },
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
    eventsUrl = service.app.get<SlackAdminChannel>(ADMIN_CHANNEL).eventsUrl!;
    bus = await BusConnection.open(busOptionsFromEnv('knowledge-test', busEnv));
    publisher = new EventPublisher(bus);
    const runner = new EventConsumerRunner(bus, publisher, quiet);
    // The gateway folds the projections the shortcut reads; here the test does, into the same
    // database the service uses (as deployed: one DATABASE_URL for all services).
    projections = await openDatabase({ url: db.url });
    reader = new KnowledgeReader(projections, personalDataOf(projections));
    for (const projection of ALL_PROJECTIONS)
      await runProjection(
        {
          subscribe: async (s) => {
            const consumer = await runner.start(s);
            running.push(consumer);
            return consumer;
          },
        },
        projections,
        projection,
      );
    for (const probe of [opened, replied, created, published, upserted] as Probe<EventDefinition>[])
      running.push(
        await runner.start({
          durable: `test-${probe.event.type.replace(/\W/g, '-')}`,
          event: probe.event,
          handle: async (e) => void probe.seen.push(e),
        }),
      );
  });

  afterAll(async () => {
    for (const consumer of running) await consumer.stop();
    await service?.app.close();
    await projections?.destroy();
    await bus?.close();
    await fake?.stop();
    await db?.drop();
    await nats?.stop();
  });

  /**
   * An escalation raised for a new conversation, its handoff thread opened, and (unless `reply` is
   * null) an admin's reply in the thread relayed and folded into the projections.
   */
  async function escalate(reason: EscalationReason, question: string, reply: string | null) {
    const escalationId = randomUUID();
    const conversationId = `conv-${randomUUID()}`;
    const now = new Date().toISOString();
    await publisher.publish(
      createEvent(
        EscalationRaised,
        {
          escalationId,
          customerId: 'cust-1',
          reason,
          group: escalationGroupOf(reason),
          language: 'en',
          // The agent's side: what the customer wrote goes out sealed under their key.
          ...(await sealEscalationFields(service.app.get(PersonalData), 'cust-1', {
            question,
            transcript: [{ role: 'customer', text: question, at: now }],
            ordersMentioned: [],
          })),
          chunks: [],
        },
        {
          id: newEventId(),
          occurredAt: now,
          conversationId,
          turnId: newEventId(),
          correlationId: newEventId(),
        },
      ),
    );
    const thread = await eventually(
      () => opened.seen.find((e) => e.payload.escalationId === escalationId) ?? false,
    );
    const threadTs = thread.payload.threadId;
    if (reply === null) return { escalationId, threadTs, replyTs: null };
    const replyTs = slackTsNow();
    const eventId = `Ev${randomUUID().slice(0, 8)}`;
    const body = messageEventBody(eventId, {
      channel: CHANNEL,
      user: ADMIN,
      text: reply,
      ts: replyTs,
      thread_ts: threadTs,
      client_msg_id: randomUUID(),
    });
    expect(await postSignedEvent(eventsUrl, SECRET, body)).toBe(200);
    await eventually(() => replied.seen.some((e) => e.payload.externalId === eventId));
    if (escalationGroupOf(reason) === 'avoidable')
      await eventually(async () =>
        (await reader.answeredAvoidable(null)).some((q) => q.escalationId === escalationId),
      );
    return { escalationId, threadTs, replyTs };
  }

  /** Runs the shortcut as `user` on a message of the handoff channel. */
  function shortcut(
    user: string,
    message: { ts: string; thread_ts?: string; text?: string },
    options: { forgeWith?: string; timestampSec?: number } = {},
  ) {
    const payload = messageShortcutPayload('add_to_knowledge_base', user, CHANNEL, {
      user: ADMIN,
      text: 'a reply',
      ...message,
    });
    return {
      triggerId: String(payload.trigger_id),
      post: () => postSignedInteraction(eventsUrl, SECRET, payload, options),
    };
  }

  const viewFor = (triggerId: string) =>
    eventually(() => fake.openedViews.find((v) => v.triggerId === triggerId) ?? false);
  const ephemeralsFor = (user: string) => fake.ephemerals.filter((e) => e.user === user);

  const answer =
    'Yes: gift cards pay for part of an order, the rest by card. <script>alert(1)</script>';
  // What Slack sends for it: `&`, `<` and `>` typed in a message arrive escaped (Slack's "Formatting
  // text" docs), and the relay decodes them back into what the admin saw.
  const answerInSlack = answer.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const question = 'Can I split payment between a gift card and my credit card?';
  let gapId = '';
  let draftView: OpenedView;

  it("opens the gap's draft in a modal, drafted from the admin's reply (kb.draft_created, origin slack)", async () => {
    const { escalationId, threadTs, replyTs } = await escalate(
      'below_score_floor',
      question,
      answerInSlack,
    );
    gapId = escalationId;
    const run = shortcut(ADMIN, { ts: replyTs!, thread_ts: threadTs, text: answerInSlack });
    expect((await run.post()).status).toBe(200);
    draftView = await viewFor(run.triggerId);
    const draft = await eventually(
      () => created.seen.find((e) => e.payload.gapId === gapId) ?? false,
    );
    expect(draft.payload).toMatchObject({
      gapId,
      origin: 'slack',
      createdBy: ADMIN,
      escalationIds: [escalationId],
      lang: 'en',
      topic: 'unclassified',
    });
    // The first title is the customer's question, sealed under their key as it was raised.
    const personalData = service.app.get(PersonalData);
    expect(await personalData.readable(draft.payload.title)).toBe(question);
    expect(draft.payload.title).not.toContain('gift card');
    expect(draftView.view).toMatchObject({
      type: 'modal',
      callback_id: 'knowledge_draft',
      private_metadata: draft.payload.draftId,
    });
    expect(initial(draftView, 'title')).toBe(question);
    expect(initial(draftView, 'lang')).toBe('en');
    expect(initial(draftView, 'topic')).toBe('unclassified');
    expect(initial(draftView, 'body')).toBe(draft.payload.body);
    expect(draft.payload.body).toContain(answer);
  });

  it('markup in the reply stays plain text in the modal: plain_text inputs, no mrkdwn anywhere', () => {
    const body = initial(draftView, 'body') as string;
    expect(body).toContain('<script>alert(1)</script>');
    const blocks = draftView.view.blocks as Block[];
    const inputs = blocks.filter((b) => b.type === 'input').map((b) => b.element!.type);
    expect(inputs.sort()).toEqual([
      'plain_text_input',
      'plain_text_input',
      'plain_text_input',
      'static_select',
    ]);
    expect(JSON.stringify(draftView.view)).not.toContain('mrkdwn');
  });

  it('a second shortcut on the same gap opens the SAME draft: no second kb.draft_created', async () => {
    // Once the projection has the draft (the usual case: the admin clicks again later).
    const draftId = String(draftView.view.private_metadata);
    await eventually(async () => (await reader.draft(draftId)) ?? false);
    const thread = opened.seen.find((e) => e.payload.escalationId === gapId)!.payload.threadId;
    const again = shortcut(OTHER_ADMIN, { ts: slackTsNow(), thread_ts: thread });
    expect((await again.post()).status).toBe(200);
    const view = await viewFor(again.triggerId);
    expect(view.view.private_metadata).toBe(draftId);
    await sleep(800);
    expect(created.seen.filter((e) => e.payload.gapId === gapId)).toHaveLength(1);
  });

  it('refuses forged and stale signatures with 401: no modal, no event', async () => {
    const thread = opened.seen.find((e) => e.payload.escalationId === gapId)!.payload.threadId;
    const forged = shortcut(ADMIN, { ts: slackTsNow(), thread_ts: thread }, { forgeWith: 'x' });
    const stale = shortcut(
      ADMIN,
      { ts: slackTsNow(), thread_ts: thread },
      { timestampSec: Math.floor(Date.now() / 1000) - 10 * 60 },
    );
    expect((await forged.post()).status).toBe(401);
    expect((await stale.post()).status).toBe(401);
    const submission = viewSubmissionPayload(
      ADMIN,
      { ...draftView.view, id: draftView.viewId },
      {
        title: { value: { type: 'plain_text_input', value: 'Forged title' } },
        lang: { value: { type: 'static_select', selected_option: { value: 'en' } } },
        topic: { value: { type: 'plain_text_input', value: 'payments' } },
        body: { value: { type: 'plain_text_input', value: 'Forged body.' } },
      },
    );
    const forgedSubmit = await postSignedInteraction(eventsUrl, SECRET, submission, {
      forgeWith: 'wrong-secret',
    });
    expect(forgedSubmit.status).toBe(401);
    await sleep(800);
    const triggers = fake.openedViews.map((v) => v.triggerId);
    expect(triggers).not.toContain(forged.triggerId);
    expect(triggers).not.toContain(stale.triggerId);
    expect(published.seen).toHaveLength(0);
    expect(upserted.seen).toHaveLength(0);
  });

  const submit = (values: { title: string; lang: string; topic: string; body: string }) =>
    postSignedInteraction(
      eventsUrl,
      SECRET,
      viewSubmissionPayload(
        ADMIN,
        { ...draftView.view, id: draftView.viewId },
        {
          title: { value: { type: 'plain_text_input', value: values.title } },
          lang: {
            value: {
              type: 'static_select',
              selected_option: {
                text: { type: 'plain_text', text: values.lang },
                value: values.lang,
              },
            },
          },
          topic: { value: { type: 'plain_text_input', value: values.topic } },
          body: { value: { type: 'plain_text_input', value: values.body } },
        },
      ),
    );

  it('a submission the article cannot be made of keeps the form open with the error on its field', async () => {
    const response = await submit({ title: '   ', lang: 'en', topic: 'payments', body: 'x' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ response_action: 'errors' });
    expect(Object.keys((response.body as { errors: object }).errors)).toEqual(['title']);
    await sleep(500);
    expect(published.seen).toHaveLength(0);
  });

  const edited = {
    title: 'Paying with a gift card and a credit card',
    lang: 'en',
    topic: 'payments',
    body: 'A gift card pays for part of an order; the rest goes on a card. <script>alert(1)</script>',
  };

  it('submitting the modal publishes kb.draft_published and kb.document_upserted by the Slack admin', async () => {
    const response = await submit(edited);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ response_action: 'update' });
    const draftId = String(draftView.view.private_metadata);
    const done = await eventually(
      () => published.seen.find((e) => e.payload.draftId === draftId) ?? false,
    );
    expect(done.payload).toMatchObject({ gapId, publishedBy: ADMIN, ...edited });
    const doc = await eventually(
      () => upserted.seen.find((e) => e.payload.draftId === draftId) ?? false,
    );
    expect(doc.payload).toMatchObject({
      docId: done.payload.docId,
      source: 'admin_console',
      gapId,
      draftId,
      publishedBy: ADMIN,
      title: edited.title,
      lang: 'en',
      body: edited.body,
    });
    expect(JSON.stringify(response.body)).toContain(done.payload.docId);
  });

  it('submitting the published draft again publishes nothing more and says so', async () => {
    const draftId = String(draftView.view.private_metadata);
    await eventually(async () => (await reader.draft(draftId))?.status === 'published');
    const response = await submit(edited);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ response_action: 'update' });
    expect(JSON.stringify(response.body)).toContain('already published');
    await sleep(800);
    expect(published.seen).toHaveLength(1);
    expect(upserted.seen).toHaveLength(1);
  });

  /** Runs the shortcut and expects only an ephemeral answer to `user`, nothing else. */
  async function expectRefusal(
    user: string,
    message: { ts: string; thread_ts?: string },
    text: string,
  ) {
    const before = { views: fake.openedViews.length, drafts: created.seen.length };
    const heard = ephemeralsFor(user).length;
    const run = shortcut(user, message);
    expect((await run.post()).status).toBe(200);
    const ephemeral = await eventually(() => ephemeralsFor(user)[heard] ?? false);
    expect(ephemeral).toMatchObject({ channel: CHANNEL, text });
    await sleep(800);
    expect(fake.openedViews).toHaveLength(before.views);
    expect(created.seen).toHaveLength(before.drafts);
  }

  it('a message outside any handoff thread gets an ephemeral answer and publishes nothing', async () => {
    // A top-level message of the channel, and a reply in a thread the service did not open.
    await expectRefusal(ADMIN, { ts: slackTsNow() }, DRAFT_REFUSALS.not_a_handoff_thread());
    await expectRefusal(
      ADMIN,
      { ts: slackTsNow(), thread_ts: '1111111111.000001' },
      DRAFT_REFUSALS.not_a_handoff_thread(),
    );
  });

  it('a genuine escalation gets an ephemeral answer and publishes nothing', async () => {
    const { threadTs, replyTs } = await escalate(
      'agent_requested',
      'I want to talk to a person about my loyalty points',
      'Your points were restored.',
    );
    await expectRefusal(
      ADMIN,
      { ts: replyTs!, thread_ts: threadTs },
      DRAFT_REFUSALS.genuine('agent_requested'),
    );
  });

  it('an avoidable escalation nobody answered yet gets an ephemeral answer', async () => {
    const { threadTs } = await escalate(
      'answer_validation_failed',
      'Do you ship perishable groceries to remote islands?',
      null,
    );
    await expectRefusal(ADMIN, { ts: threadTs }, DRAFT_REFUSALS.no_gap());
  });

  it('a channel member who is not an admin cannot draft', async () => {
    const thread = opened.seen.find((e) => e.payload.escalationId === gapId)!.payload.threadId;
    await expectRefusal(
      'UMEMBER9',
      { ts: slackTsNow(), thread_ts: thread },
      DRAFT_REFUSALS.not_an_admin(),
    );
  });
});
