/**
 * WhatsApp end to end: Meta's webhook (the fake Cloud API signs and POSTs it) through the whole
 * system on the model path (an OpenAI-compatible model that searches, then quotes a cited
 * sentence), to the reply WhatsApp delivers; an abstention handed to a Slack thread (the fake Slack
 * Web API), the admin's answer back on WhatsApp, and a late answer as the approved template.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, readEventLog } from '@support/bus';
import {
  DeliveryUpdated,
  type EnvelopeOf,
  ReplyDelivered,
  ReplySent,
  ThreadOpened,
} from '@support/contracts';
import { ADMIN_CHANNEL, DELIVERY_NOTICES, type SlackAdminChannel } from '@support/escalation';
import { FakeSlackApi, messageEventBody, postSignedEvent } from '@support/escalation/testing';
import { FakeOpenAiChatServer, searchThenQuote } from '@support/models/testing';
import { type StartedService, startService } from '@support/platform';
import { ABSTENTION, CHANNEL_LABELS, HOLDING } from '@support/policy';
import { PersonalData } from '@support/privacy';
import { eventually, ONE_PIXEL_PNG } from '@support/testing';
import { ContactStore, WhatsAppModule } from '@support/whatsapp';
import {
  FakeGraphApi,
  imageMessage,
  messagesChange,
  metaMessageId,
  MovableClock,
  status,
  statusesChange,
  textMessage,
  webhookDelivery,
} from '@support/whatsapp/testing';
import { needlesOf, scanStreams } from './support/personal-data-scan.js';
import { fakeSlackEnv, startSupportStack, type SupportStack } from './support/support-stack.js';
import { expectConversationIntact } from './support/turn-integrity.js';

const SLACK_SECRET = 'slack-signing-secret-for-whatsapp';
const SLACK_CHANNEL = 'C0WHATSAPP';
const DAY_MS = 24 * 3600_000;
/** A 1x1 PNG: the photo a customer sends of the damage. */
const PHOTO = ONE_PIXEL_PNG;

describe('WhatsApp, end to end', () => {
  let slack: FakeSlackApi;
  let model: FakeOpenAiChatServer;
  let graph: FakeGraphApi;
  let stack: SupportStack;
  let whatsapp: StartedService;
  let bus: BusConnection;
  let eventsUrl: string;
  const clock = new MovableClock();
  let seq = 0;

  beforeAll(async () => {
    slack = await FakeSlackApi.start();
    model = await FakeOpenAiChatServer.start({ respond: searchThenQuote });
    graph = await FakeGraphApi.start();
    stack = await startSupportStack({
      escalation: true,
      env: {
        ...fakeSlackEnv({
          apiUrl: slack.apiUrl,
          channel: SLACK_CHANNEL,
          signingSecret: SLACK_SECRET,
          adminUserIds: 'UADMIN01',
        }),
        LLM_BASE_URL: model.baseUrl,
      },
    });
    const busOptions = stack.busOptions('whatsapp');
    whatsapp = await startService(
      'whatsapp',
      WhatsAppModule.register({
        env: { ...graph.env(), WHATSAPP_TEMPLATE_NAME: 'support_reply' },
        bus: { ...busOptions, backoffMs: [100] },
        database: { url: stack.database.url },
        clock,
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
    bus = await BusConnection.open(stack.busOptions('ops'));
    eventsUrl = stack.escalation!.app.get<SlackAdminChannel>(ADMIN_CHANNEL).eventsUrl!;
  }, 120_000);

  afterAll(async () => {
    await whatsapp?.app.close();
    await bus?.close();
    await stack?.close();
    await Promise.all([slack?.stop(), model?.close(), graph?.stop()]);
  }, 60_000);

  const webhookUrl = () => `${whatsapp.url}/whatsapp/webhook`;
  /** Every number that wrote, and Meta's id of every message it sent (each holds the number). */
  const numbers = new Set<string>();
  const inboundIds: string[] = [];
  const nextOptions = (from: string) => {
    const id = metaMessageId(from, `E2E${String(++seq).padStart(6, '0')}`);
    numbers.add(from);
    inboundIds.push(id);
    return { from, id, timestamp: Math.floor(clock.now().getTime() / 1000) };
  };

  /**
   * The customer writes on WhatsApp (Meta delivering it `copies` times, as its retries do);
   * resolves with the next message WhatsApp delivers to them.
   */
  async function writes(from: string, text: string, copies = 1) {
    const before = graph.sentTo(from).length;
    const options = nextOptions(from);
    const payload = webhookDelivery([messagesChange(options, textMessage(options, text))]);
    await graph.deliverUntilAccepted(webhookUrl(), payload);
    for (let copy = 1; copy < copies; copy++)
      expect(await graph.deliver(webhookUrl(), payload)).toBe(200);
    return eventually(() => graph.sentTo(from)[before] ?? false, 45_000);
  }

  /** The reply events of a conversation, from the event log. */
  async function repliesOf(conversationId: string) {
    const { events } = await readEventLog(bus, ReplySent);
    return events.filter((e) => e.conversationId === conversationId);
  }

  it('answers an English and an Arabic question with a grounded, cited answer and its sources', async () => {
    const from = '966555000001';
    const english = await writes(from, 'How long does delivery to Muscat take?');
    expect(english.text).toMatch(/\[1\]/);
    expect(english.text).toContain(`${CHANNEL_LABELS.sources.en}\n1. `);
    const arabic = await writes(from, 'كم يستغرق التوصيل إلى مسقط؟');
    expect(arabic.text).toMatch(/\[1\]/);
    expect(arabic.text).toContain(`${CHANNEL_LABELS.sources.ar}\n1. `);
    // The typing indicator went up for both before the answers.
    expect(graph.typing).toHaveLength(2);

    const contact = await whatsapp.app.get(ContactStore).ofWaId(from);
    const replies = await repliesOf(contact!.conversationId);
    expect(
      replies.map((e) => {
        const payload = e.payload as { kind: string; language: string };
        return [payload.kind, payload.language];
      }),
    ).toEqual([
      ['answer', 'en'],
      ['answer', 'ar'],
    ]);
    // Every answer shown is one that passes citation validation against its own turn's chunks.
    await expectConversationIntact(
      bus,
      contact!.conversationId,
      ['How long does delivery to Muscat take?', 'كم يستغرق التوصيل إلى مسقط؟'],
      stack.open,
    );
  });

  it("hands a customer's photo to the model as an image, as the web chat does", async () => {
    const from = '966555000002';
    const media = graph.addMedia(PHOTO, 'image/png');
    const options = nextOptions(from);
    const before = model.requests.length;
    await graph.deliverUntilAccepted(
      webhookUrl(),
      webhookDelivery([
        messagesChange(
          options,
          imageMessage(options, {
            ...media,
            mimeType: 'image/png',
            caption: 'Can I return a dress if the seam tore?',
          }),
        ),
      ]),
    );
    await eventually(() => graph.sentTo(from).length > 0, 45_000);
    const asked = model.requests.slice(before).map((r) => JSON.stringify(r.messages));
    expect(asked.some((m) => m.includes(`data:image/png;base64,${PHOTO.toString('base64')}`))).toBe(
      true,
    );
  });

  it("hands an unanswerable question to Slack, appends later messages, and the admin's replies reach WhatsApp — after the window, as the template", async () => {
    const from = '966555000003';
    const question = 'Do you give a discount if I order 50 abayas for my boutique?';
    const abstention = await writes(from, question);
    expect(abstention.text.startsWith(ABSTENTION.en)).toBe(true);
    const opening = await eventually(
      () => slack.posted.find((p) => p.text.includes(question)) ?? false,
      20_000,
    );
    const held = await writes(from, 'It is urgent, the wedding is next week');
    expect(held.text.startsWith(HOLDING.en)).toBe(true);
    const appended = await eventually(
      () => slack.posted.find((p) => p.text.includes('the wedding is next week')) ?? false,
      20_000,
    );
    expect(appended.threadTs).toBe(opening.ts);

    const answer = 'Hi! Bulk orders go through our B2B desk; they will call you today.';
    const delivery = messageEventBody('EvWHATSAPP1', {
      channel: SLACK_CHANNEL,
      user: 'UADMIN01',
      text: answer,
      ts: '1800000000.000300',
      thread_ts: opening.ts,
    });
    const before = graph.sentTo(from).length;
    expect(await postSignedEvent(eventsUrl, SLACK_SECRET, delivery)).toBe(200);
    expect(await postSignedEvent(eventsUrl, SLACK_SECRET, delivery, { retryNum: 1 })).toBe(200);
    const human = await eventually(() => graph.sentTo(from)[before] ?? false, 30_000);
    expect([human.type, human.text]).toEqual(['text', answer]);

    // A second question the knowledge base cannot answer, answered by an admin a day later.
    const second = 'Can you sew my initials into a dress I bought elsewhere?';
    const abstained = await writes(from, second);
    expect(abstained.text.startsWith(ABSTENTION.en)).toBe(true);
    // The second escalation's row in its thread is committed (the admin answers it, not the first).
    const conversationId = (await whatsapp.app.get(ContactStore).ofWaId(from))!.conversationId;
    await eventually(
      async () =>
        (await readEventLog(bus, ThreadOpened)).events.filter(
          (e) => e.conversationId === conversationId,
        ).length === 2,
      20_000,
    );
    clock.advance(DAY_MS + 60_000);
    const late = 'We can: bring it to the Riyadh boutique and ask for the tailor.';
    const sentBefore = graph.sentTo(from).length;
    expect(
      await postSignedEvent(
        eventsUrl,
        SLACK_SECRET,
        messageEventBody('EvWHATSAPP2', {
          channel: SLACK_CHANNEL,
          user: 'UADMIN01',
          text: late,
          ts: '1800000000.000400',
          thread_ts: opening.ts,
        }),
      ),
    ).toBe(200);
    const template = await eventually(() => graph.sentTo(from)[sentBefore] ?? false, 30_000);
    expect([template.type, template.text]).toEqual(['template', late]);
    const told = DELIVERY_NOTICES.template({ name: 'support_reply', language: 'en' }, false);
    await eventually(
      () => slack.posted.some((p) => p.text === told && p.threadTs === opening.ts),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Each reply once: abstention, holding note, the admin's answer, abstention, the template.
    expect(graph.sentTo(from).map((m) => m.type)).toEqual([
      'text',
      'text',
      'text',
      'text',
      'template',
    ]);
  });

  it("names WhatsApp's messages in the log only by reference: retries absorbed, statuses matched, no id or number in any stream", async () => {
    const from = '966555000004';
    const answer = await writes(from, 'How long does delivery to Muscat take?', 3);
    const ref = whatsapp.app.get(PersonalData).providerMessageRef(answer.id);
    const sentBy = await eventually(async () => {
      const events = (await readEventLog(bus, ReplyDelivered)).events as EnvelopeOf<
        typeof ReplyDelivered
      >[];
      return events.find((e) => e.payload.providerMessageIds.includes(ref)) ?? false;
    }, 20_000);
    // Meta reports the answer delivered, then read (and retries the second callback).
    const callback = (value: 'delivered' | 'read') =>
      webhookDelivery([
        statusesChange(
          status(answer.id, value, {
            recipient: from,
            timestamp: Math.floor(clock.now().getTime() / 1000),
          }),
        ),
      ]);
    await graph.deliverUntilAccepted(webhookUrl(), callback('delivered'));
    await graph.deliverUntilAccepted(webhookUrl(), callback('read'));
    await graph.deliverUntilAccepted(webhookUrl(), callback('read'));
    const statuses = await eventually(async () => {
      const events = (await readEventLog(bus, DeliveryUpdated)).events as EnvelopeOf<
        typeof DeliveryUpdated
      >[];
      const named = events.filter((e) => e.payload.providerMessageId === ref);
      return named.length >= 2 ? named : false;
    }, 20_000);
    expect(statuses.map((e) => [e.payload.status, e.payload.replyId])).toEqual([
      ['delivered', sentBy.payload.replyId],
      ['read', sentBy.payload.replyId],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Three copies of the message, one answer.
    expect(graph.sentTo(from)).toHaveLength(1);

    const outboundIds = [...numbers].flatMap((n) => graph.sentTo(n).map((m) => m.id));
    expect(outboundIds).toContain(answer.id);
    const needles = [
      ...[...inboundIds, ...outboundIds].flatMap((id) => needlesOf(id, Buffer.from(id))),
      ...[...numbers].flatMap((n) => needlesOf(`number ${n}`, Buffer.from(n))),
    ];
    const scanned = await scanStreams(bus, needles);
    expect(scanned.messages).toBeGreaterThan(10);
    expect(scanned.findings).toEqual([]);
  });
});
