import { openCustomerMessage, PersonalData } from '@support/privacy';
/**
 * Replies out, against a real nats-server and PostgreSQL and the fake Cloud API: the test plays
 * the agent, publishing `agent.reply_sent` for conversations the webhook opened.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deterministicId, newEventId, readEventLog } from '@support/bus';
import {
  createEvent,
  DeliveryUpdated,
  type EnvelopeOf,
  MessageReceived,
  type ReplyKind,
  ReplyDelivered,
  ReplyFailed,
  ReplySent,
  type ReplyOptionDto,
} from '@support/contracts';
import { CHANNEL_LABELS } from '@support/policy';
import { eventually, needlesIn, needlesOf } from '@support/testing';
import { DataSource } from 'typeorm';
import { SERVICE_WINDOW_MS } from './service-window.js';
import {
  buttonReply,
  messagesChange,
  metaMessageId,
  RE_ENGAGEMENT_ERROR,
  status,
  statusesChange,
  textMessage,
  webhookDelivery,
} from '../testing/webhook-fixtures.js';
import { startWhatsAppHarness, type WhatsAppHarness } from '../testing/whatsapp-harness.js';

const CHUNK = { chunkId: 'delivery-gcc#2', docId: 'delivery-gcc', title: 'Delivery in the Gulf' };
let seq = 0;
/** A message id as Meta makes them, holding the sender's number. */
const nextId = (from: string) => metaMessageId(from, `OUT${String(++seq).padStart(6, '0')}`);
let phone = 966_510_000_000;

describe('replies out on WhatsApp', () => {
  let h: WhatsAppHarness;
  let received: EnvelopeOf<typeof MessageReceived>[];
  let delivered: EnvelopeOf<typeof ReplyDelivered>[];
  let failed: EnvelopeOf<typeof ReplyFailed>[];

  beforeAll(async () => {
    h = await startWhatsAppHarness();
    // What the customer sent is sealed in the log; the test reads it as the agent would.
    const personalData = h.service.app.get(PersonalData);
    received = await h.collect(MessageReceived, async (event) => {
      const { text, attachments } = await openCustomerMessage(personalData, event.payload);
      return { ...event, payload: { ...event.payload, text, attachments: [...attachments] } };
    });
    delivered = await h.collect(ReplyDelivered);
    failed = await h.collect(ReplyFailed);
  }, 60_000);
  afterAll(() => h?.close());

  /** A customer sends a text (now, by the harness clock). */
  async function customerSends(from: string, text: string) {
    const options = {
      from,
      id: nextId(from),
      timestamp: Math.floor(h.clock.now().getTime() / 1000),
    };
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([messagesChange(options, textMessage(options, text))]),
    );
  }

  /** A customer writes; returns their message as the agent sees it. */
  async function customerWrites(from: string, text: string) {
    await customerSends(from, text);
    return eventually(() => received.find((e) => e.payload.text === text) ?? false, 15_000);
  }

  /** What the agent publishes for that message's turn. */
  async function agentReplies(
    message: EnvelopeOf<typeof MessageReceived>,
    reply: { kind?: ReplyKind; text: string; options?: ReplyOptionDto[]; language?: 'en' | 'ar' },
  ) {
    const event = createEvent(
      ReplySent,
      {
        replyId: newEventId(),
        customerId: message.payload.customerId,
        kind: reply.kind ?? 'answer',
        // Sealed under the customer's key, as the agent seals it.
        text: await h.service.app
          .get(PersonalData)
          .sealText(message.payload.customerId, reply.text),
        language: reply.language ?? 'en',
        citations: reply.text.includes(`[${CHUNK.chunkId}]`) ? [CHUNK] : [],
        ...(reply.options ? { options: reply.options } : {}),
      },
      {
        id: newEventId(),
        occurredAt: new Date().toISOString(),
        conversationId: message.conversationId,
        turnId: message.turnId,
        causationId: message.id,
        correlationId: message.correlationId,
      },
    );
    await h.publisher.publish(event);
    return event;
  }

  const nextPhone = () => String(++phone);

  it('sends an answer with its sources numbered, once however often the reply is delivered', async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'How long does delivery to Muscat take?');
    const reply = await agentReplies(message, {
      text: 'Orders to Oman arrive in 3 to 5 working days [delivery-gcc#2].',
    });
    await eventually(() => h.graph.sentTo(from).length === 1, 15_000);
    expect(h.graph.sentTo(from)[0]!.text).toBe(
      `Orders to Oman arrive in 3 to 5 working days [1].\n\n${CHANNEL_LABELS.sources.en}\n1. Delivery in the Gulf`,
    );
    // The bus delivers the reply again (a publisher that lost its ack): nothing more goes out.
    await h.bus.js.publish(ReplySent.subject, JSON.stringify(reply), { msgID: newEventId() });
    await eventually(
      () => delivered.some((e) => e.payload.replyId === reply.payload.replyId),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.graph.sentTo(from)).toHaveLength(1);
    const sentId = h.graph.sentTo(from)[0]!.id;
    const ref = h.service.app.get(PersonalData).providerMessageRef(sentId);
    expect(
      delivered.find((e) => e.payload.replyId === reply.payload.replyId)!.payload,
    ).toMatchObject({ via: 'message', providerMessageIds: [ref] });

    // Meta's status callbacks name its own id; their events, the reference, matched to the reply.
    const statuses = await h.collect(DeliveryUpdated);
    const read = webhookDelivery([
      statusesChange(
        status(sentId, 'read', { recipient: from, timestamp: Math.floor(Date.now() / 1000) }),
      ),
    ]);
    await h.graph.deliverUntilAccepted(h.webhookUrl, read);
    await h.graph.deliverUntilAccepted(h.webhookUrl, read);
    await eventually(() => statuses.length >= 1, 10_000);
    expect(statuses[0]!.payload).toMatchObject({
      providerMessageId: ref,
      status: 'read',
      replyId: reply.payload.replyId,
      customerId: message.payload.customerId,
    });
    // Neither Meta's ids (in and out) nor the number is in any event, in any encoding.
    const { events } = await readEventLog(h.bus);
    const inbound = await h.service.app
      .get(DataSource)
      .query(`SELECT provider_message_id AS id FROM whatsapp_inbound WHERE wa_id = $1`, [from]);
    const wamids = [sentId, ...(inbound as { id: string }[]).map((row) => row.id)];
    expect(wamids).toHaveLength(2);
    const needles = [
      ...wamids.flatMap((id) => needlesOf(id, Buffer.from(id))),
      ...needlesOf('the number', Buffer.from(from)),
    ];
    expect(needlesIn(JSON.stringify(events), needles)).toEqual([]);
  });

  it('splits a long reply at sentence ends under 4,096 characters', async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'Tell me everything about delivery');
    const sentence =
      'Orders to the Gulf arrive in 3 to 5 working days after dispatch [delivery-gcc#2]. ';
    const text = sentence.repeat(90).trim();
    await agentReplies(message, { text });
    await eventually(() => h.graph.sentTo(from).length >= 2, 15_000);
    const parts = h.graph.sentTo(from).map((m) => m.text);
    expect(parts.every((part) => part.length <= 4096)).toBe(true);
    expect(
      parts.every((part) => part.endsWith('.') || part.includes(CHANNEL_LABELS.sources.en)),
    ).toBe(true);
    expect(parts.join(' ').split('working days after dispatch').length - 1).toBe(90);
  });

  it('offers options as reply buttons and reads the tapped one back as the choice; four options as a numbered list answered by a number', async () => {
    const from = nextPhone();
    const first = await customerWrites(from, 'I have a problem with my thing');
    const options = [
      { id: 'section:returns', title: 'Returns' },
      { id: 'section:exchanges', title: 'Exchanges' },
      { id: 'section:none', title: 'None of these' },
    ];
    await agentReplies(first, { kind: 'answer', text: 'Which of these is it about?', options });
    const asked = await eventually(() => h.graph.sentTo(from)[0] ?? false, 15_000);
    expect(asked.type).toBe('interactive');
    expect(asked.body).toMatchObject({
      interactive: {
        type: 'button',
        body: { text: 'Which of these is it about?' },
        action: { buttons: options.map((o) => ({ type: 'reply', reply: o })) },
      },
    });
    const tap = { from, id: nextId(from), timestamp: Math.floor(Date.now() / 1000) };
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(tap, buttonReply(tap, { ...options[1]!, contextId: asked.id })),
      ]),
    );
    const chosen = await eventually(() => received.find((e) => e.payload.choice) ?? false, 15_000);
    expect(chosen.payload).toMatchObject({
      text: 'Exchanges',
      choice: { optionId: 'section:exchanges' },
    });

    const second = await customerWrites(from, 'And another question about sizes');
    const four = [...options, { id: 'section:sizes', title: 'Sizes and fit' }];
    await agentReplies(second, { text: 'Which of these is it about?', options: four });
    const listed = await eventually(() => h.graph.sentTo(from)[1] ?? false, 15_000);
    expect(listed.text).toBe(
      `Which of these is it about?\n\n1. Returns\n2. Exchanges\n3. None of these\n4. Sizes and fit\n\n${CHANNEL_LABELS.replyWithNumber.en}`,
    );
    await customerSends(from, '4');
    const byNumber = await eventually(
      () => received.find((e) => e.payload.choice?.optionId === 'section:sizes') ?? false,
      15_000,
    );
    expect(byNumber.payload.text).toBe('Sizes and fit');
  });

  it("sends an admin's reply after the 24-hour window as the template, and fails an answer there, telling why", async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'Can I order 50 abayas for my boutique?');
    h.clock.advance(SERVICE_WINDOW_MS + 60_000);
    try {
      const late = await agentReplies(message, {
        kind: 'human',
        text: 'Hi! Our B2B desk will call you today.\nThey open at 9.',
      });
      const template = await eventually(() => h.graph.sentTo(from)[0] ?? false, 15_000);
      expect(template.body).toMatchObject({
        type: 'template',
        template: {
          name: 'support_reply',
          language: { code: 'en' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Hi! Our B2B desk will call you today. They open at 9.' },
              ],
            },
          ],
        },
      });
      const event = await eventually(
        () => delivered.find((e) => e.payload.replyId === late.payload.replyId) ?? false,
        10_000,
      );
      expect(event.payload).toMatchObject({
        via: 'template',
        template: { name: 'support_reply', language: 'en' },
      });

      const answer = await agentReplies(message, {
        text: 'Orders arrive in 3 days [delivery-gcc#2].',
      });
      const failure = await eventually(
        () => failed.find((e) => e.payload.replyId === answer.payload.replyId) ?? false,
        10_000,
      );
      expect(failure.payload.error.code).toBe('window_closed');
      expect(h.graph.sentTo(from)).toHaveLength(1);
    } finally {
      h.clock.advance(-(SERVICE_WINDOW_MS + 60_000));
    }
  });

  it("falls back to the template when Meta refuses an admin's reply with 131047, at once or in a failed status; records other refusals", async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'Where is my refund?');
    h.graph.closeWindow(from);
    const refused = await agentReplies(message, { kind: 'human', text: 'Your refund left today.' });
    await eventually(() => h.graph.sentTo(from).length === 1, 15_000);
    expect(h.graph.sentTo(from)[0]!.type).toBe('template');
    await eventually(
      () => delivered.some((e) => e.payload.replyId === refused.payload.replyId),
      10_000,
    );

    // Accepted at first, then a failed status with 131047 (twice, as Meta may retry it).
    const other = nextPhone();
    const message2 = await customerWrites(other, 'Is my exchange on its way?');
    const reply = await agentReplies(message2, { kind: 'human', text: 'Yes, it ships tomorrow.' });
    const sent = await eventually(() => h.graph.sentTo(other)[0] ?? false, 15_000);
    const failedStatus = webhookDelivery([
      statusesChange(
        status(sent.id, 'failed', {
          recipient: other,
          timestamp: Math.floor(Date.now() / 1000),
          error: RE_ENGAGEMENT_ERROR,
        }),
      ),
    ]);
    await h.graph.deliverUntilAccepted(h.webhookUrl, failedStatus);
    await h.graph.deliverUntilAccepted(h.webhookUrl, failedStatus);
    await eventually(() => h.graph.sentTo(other).length === 2, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.graph.sentTo(other).map((m) => m.type)).toEqual(['text', 'template']);
    expect(
      delivered
        .filter((e) => e.payload.replyId === reply.payload.replyId)
        .map((e) => e.payload.via),
    ).toEqual(['message', 'template']);

    // Any other refusal is recorded, never dropped.
    const third = nextPhone();
    const message3 = await customerWrites(third, 'Hello?');
    h.graph.failNext({
      code: 131026,
      message: 'Message undeliverable',
      details: 'Unable to deliver message.',
    });
    const lost = await agentReplies(message3, { kind: 'human', text: 'Hello from the team.' });
    const recorded = await eventually(
      () => failed.find((e) => e.payload.replyId === lost.payload.replyId) ?? false,
      15_000,
    );
    expect(recorded.payload.error).toMatchObject({
      code: '131026',
      title: 'Message undeliverable',
    });
  });

  it('retries through a Graph outage (5xx, throughput limit) and delivers once', async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'Do you deliver to Doha?');
    h.graph.failNext(
      { code: 2, message: 'Service temporarily unavailable', status: 503 },
      { code: 130429, message: 'Rate limit hit' },
    );
    const reply = await agentReplies(message, {
      text: 'Yes, Qatar is in 3 days [delivery-gcc#2].',
    });
    await eventually(
      () => delivered.some((e) => e.payload.replyId === reply.payload.replyId),
      20_000,
    );
    expect(h.graph.sentTo(from)).toHaveLength(1);
  });

  it('never sends a reply addressed to another customer to this number', async () => {
    const from = nextPhone();
    const message = await customerWrites(from, 'Hi there');
    const forged = createEvent(
      ReplySent,
      {
        replyId: newEventId(),
        customerId: 'cust-someone-else',
        kind: 'human',
        text: await h.service.app
          .get(PersonalData)
          .sealText('cust-someone-else', 'Your order ORD-9 details…'),
        language: 'en',
        citations: [],
      },
      {
        id: deterministicId('forged', from),
        occurredAt: new Date().toISOString(),
        conversationId: message.conversationId,
        turnId: message.turnId,
        correlationId: newEventId(),
      },
    );
    await h.publisher.publish(forged);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(h.graph.sentTo(from)).toEqual([]);
  });
});
