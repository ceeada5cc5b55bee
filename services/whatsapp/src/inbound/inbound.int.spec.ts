import { openCustomerMessage, PersonalData } from '@support/privacy';
/**
 * The webhook in, against a real nats-server and PostgreSQL, the Cloud API a fake speaking Meta's
 * shapes (testing/webhook-fixtures.ts names the published examples each payload follows).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deterministicId, readEventLog } from '@support/bus';
import {
  DeliveryUpdated,
  MessageReceived,
  WhatsAppMessageAccepted,
  type EnvelopeOf,
} from '@support/contracts';
import { CHANNEL_NOTICES } from '@support/policy';
import {
  eventually,
  needlesIn,
  needlesOf,
  ONE_PIXEL_PNG,
  parsePrometheusText,
} from '@support/testing';
import {
  audioMessage,
  buttonReply,
  imageMessage,
  messagesChange,
  metaMessageId,
  reactionMessage,
  status,
  statusesChange,
  textMessage,
  webhookDelivery,
} from '../testing/webhook-fixtures.js';
import { startWhatsAppHarness, type WhatsAppHarness } from '../testing/whatsapp-harness.js';
import { DataSource } from 'typeorm';
import { ContactStore } from '../contacts/contact-store.js';

const PNG = ONE_PIXEL_PNG;
const now = () => Math.floor(Date.now() / 1000);
let seq = 0;
/** A message id as Meta makes them, holding the sender's number. */
const nextId = (from = '966500000000') =>
  metaMessageId(from, `TEST${String(++seq).padStart(6, '0')}`);

describe('the WhatsApp webhook, in', () => {
  let h: WhatsAppHarness;
  let received: EnvelopeOf<typeof MessageReceived>[];

  beforeAll(async () => {
    h = await startWhatsAppHarness({ WS_RATE_BURST: '4', WS_RATE_PER_MINUTE: '1' });
    // What the customer sent is sealed in the log; the test reads it as the agent would.
    const personalData = h.service.app.get(PersonalData);
    received = await h.collect(MessageReceived, async (event) => {
      const { text, attachments } = await openCustomerMessage(personalData, event.payload);
      return { ...event, payload: { ...event.payload, text, attachments: [...attachments] } };
    });
  }, 60_000);
  afterAll(() => h?.close());

  const receivedFrom = (customerId: string) =>
    received.filter((e) => e.payload.customerId === customerId);
  /** The contact of a number, once the webhook created it (false until then, for `eventually`). */
  const contactOf = async (waId: string) =>
    (await h.service.app.get(ContactStore).ofWaId(waId)) ?? false;

  it("answers Meta's verification handshake only with the verify token", async () => {
    const ok = await fetch(
      `${h.webhookUrl}?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    const wrong = await fetch(
      `${h.webhookUrl}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    );
    expect(wrong.status).toBe(403);
  });

  it('refuses an unsigned or wrongly signed POST, publishes nothing from it and counts it', async () => {
    const from = '966500000001';
    const payload = webhookDelivery([
      messagesChange(
        { from, id: nextId(from), timestamp: now() },
        textMessage({ from, id: nextId(from), timestamp: now() }, 'hi'),
      ),
    ]);
    expect(await h.graph.deliver(h.webhookUrl, payload, { signature: null })).toBe(401);
    expect(
      await h.graph.deliver(h.webhookUrl, payload, { signature: `sha256=${'0'.repeat(64)}` }),
    ).toBe(401);
    const metrics = parsePrometheusText(await (await fetch(`${h.service.url}/metrics`)).text());
    const refused = (reason: string) =>
      metrics.samples.find(
        (m) => m.name === 'support_whatsapp_webhooks_refused_total' && m.labels.reason === reason,
      )?.value;
    expect([refused('missing_signature'), refused('bad_signature')]).toEqual([1, 1]);
    expect(await contactOf(from)).toBe(false);
    const { events } = await readEventLog(h.bus, WhatsAppMessageAccepted);
    expect(events).toEqual([]);
  });

  it("reads a batch whole (entries, changes, messages, statuses), marks each read with typing, and absorbs Meta's retries", async () => {
    const amal = { from: '966500000002', timestamp: now(), name: 'أمل' };
    const omar = { from: '971500000003', timestamp: now(), name: 'Omar' };
    const ids = [nextId(amal.from), nextId(omar.from), nextId(omar.from)];
    const sentElsewhere = metaMessageId(amal.from, 'SENTELSEWHERE');
    const payload = webhookDelivery(
      [
        messagesChange(
          { ...amal, id: ids[0]! },
          textMessage({ ...amal, id: ids[0]! }, 'وين طلبي؟'),
        ),
        statusesChange(
          status(sentElsewhere, 'delivered', { recipient: amal.from, timestamp: now() }),
        ),
      ],
      [
        messagesChange(
          { ...omar, id: ids[1]! },
          textMessage({ ...omar, id: ids[1]! }, 'How long does delivery to Muscat take?'),
          reactionMessage({ ...omar, id: ids[2]! }, ids[1]!),
        ),
      ],
    );
    const statuses = await h.collect(DeliveryUpdated);
    expect(await h.graph.deliver(h.webhookUrl, payload)).toBe(200);
    // Meta retries the same delivery (here at once, and again past the stream's duplicate window).
    expect(await h.graph.deliver(h.webhookUrl, payload)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await h.graph.deliver(h.webhookUrl, payload)).toBe(200);

    const amalContact = await eventually(() => contactOf(amal.from), 10_000);
    const omarContact = await eventually(() => contactOf(omar.from), 10_000);
    await eventually(
      () =>
        receivedFrom(amalContact.customerId).length === 1 &&
        receivedFrom(omarContact.customerId).length === 1,
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [fromAmal] = receivedFrom(amalContact.customerId);
    const [fromOmar] = receivedFrom(omarContact.customerId);
    expect(receivedFrom(amalContact.customerId)).toHaveLength(1);
    expect(receivedFrom(omarContact.customerId)).toHaveLength(1);
    expect(fromAmal!.payload).toMatchObject({
      text: 'وين طلبي؟',
      channel: 'whatsapp',
      attachments: [],
    });
    expect(fromOmar!.payload.text).toBe('How long does delivery to Muscat take?');
    expect(fromAmal!.conversationId).toBe(amalContact.conversationId);
    expect(fromAmal!.conversationId).not.toBe(fromOmar!.conversationId);
    // The number itself is in no event: the customer id is the mapping's.
    expect(JSON.stringify([fromAmal, fromOmar])).not.toContain(amal.from);
    // What they wrote is in no event in plaintext: the accepted message carries it sealed.
    const { events: accepted } = await readEventLog(h.bus, WhatsAppMessageAccepted);
    const texts = accepted.flatMap((e) => (e.payload as { text?: string }).text ?? []);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    expect(texts.every((text) => text.startsWith('pd1.'))).toBe(true);
    expect(JSON.stringify(accepted)).not.toContain('Muscat');
    expect(h.graph.typing).toEqual(expect.arrayContaining([ids[0], ids[1]]));
    expect(h.graph.typing).not.toContain(ids[2]); // a reaction is not answered
    await eventually(() => statuses.length >= 1, 10_000);
    const refOf = (id: string) => h.service.app.get(PersonalData).providerMessageRef(id);
    expect(statuses[0]!.payload).toMatchObject({
      providerMessageId: refOf(sentElsewhere),
      status: 'delivered',
    });
    // Each retry named the message by the same reference, so it became the same event.
    const amalAccepted = (accepted as EnvelopeOf<typeof WhatsAppMessageAccepted>[]).filter(
      (e) => e.payload.providerMessageId === refOf(ids[0]!),
    );
    expect(amalAccepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(amalAccepted.map((e) => e.id)).size).toBe(1);
    // WhatsApp's ids hold the numbers: no event carries an id, or a number, in any encoding.
    const { events: everything } = await readEventLog(h.bus);
    const needles = [
      ...[...ids, sentElsewhere].flatMap((id) => needlesOf(id, Buffer.from(id))),
      ...needlesOf('Amal’s number', Buffer.from(amal.from)),
      ...needlesOf('Omar’s number', Buffer.from(omar.from)),
    ];
    expect(needlesIn(JSON.stringify(everything), needles)).toEqual([]);
  });

  it('takes a photo through the media endpoint with its caption, checked like an upload', async () => {
    const from = '966500000004';
    const media = h.graph.addMedia(PNG, 'image/png');
    const id = nextId(from);
    const options = { from, id, timestamp: now() };
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          options,
          imageMessage(options, { ...media, mimeType: 'image/png', caption: 'The seam tore' }),
        ),
      ]),
    );
    const contact = await eventually(() => contactOf(from), 10_000);
    const [message] = await eventually(() => {
      const found = receivedFrom(contact.customerId);
      return found.length > 0 ? found : false;
    }, 15_000);
    expect(message!.payload.text).toBe('The seam tore');
    expect(message!.payload.attachments).toHaveLength(1);
    expect(Buffer.from(message!.payload.attachments[0]!.dataBase64, 'base64')).toEqual(PNG);
    expect(message!.payload.attachments[0]).toMatchObject({
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    });
  });

  it("answers a photo that is not one, a voice note and a too-long text with a notice in the customer's language, and publishes none of them", async () => {
    const from = '966500000005';
    const at = now();
    const fake = h.graph.addMedia(Buffer.from('<html>not a photo</html>'), 'image/png');
    const big = h.graph.addMedia(Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), 'image/png');
    const ids = [nextId(from), nextId(from), nextId(from), nextId(from), nextId(from)];
    const opts = (i: number) => ({ from, id: ids[i]!, timestamp: at + i });
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          opts(0),
          audioMessage(opts(0), '4490709327384033'),
          imageMessage(opts(1), { ...fake, mimeType: 'image/png' }),
        ),
      ]),
    );
    await eventually(() => h.graph.sentTo(from).length === 2, 15_000);
    // Nothing they wrote yet says their language: both, Arabic first.
    expect(h.graph.sentTo(from).map((m) => m.text)).toEqual([
      `${CHANNEL_NOTICES.unsupported.ar}\n\n${CHANNEL_NOTICES.unsupported.en}`,
      `${CHANNEL_NOTICES.photoUnreadable.ar}\n\n${CHANNEL_NOTICES.photoUnreadable.en}`,
    ]);
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          opts(2),
          textMessage(opts(2), 'Hello, is this the Sanaa Boutique support line?'),
          imageMessage(opts(3), { ...big, mimeType: 'image/png' }),
        ),
      ]),
    );
    await eventually(() => h.graph.sentTo(from).length === 3, 15_000);
    expect(h.graph.sentTo(from)[2]!.text).toBe(CHANNEL_NOTICES.photoTooLarge.en);
    const contact = await eventually(() => contactOf(from), 10_000);
    expect(receivedFrom(contact.customerId).map((e) => e.payload.text)).toEqual([
      'Hello, is this the Sanaa Boutique support line?',
    ]);
  });

  it("holds a customer to the web chat's rate limit, telling them once", async () => {
    const from = '966500000006';
    const at = now();
    const ids = Array.from({ length: 6 }, nextId);
    const opts = (i: number) => ({ from, id: ids[i]!, timestamp: at + i });
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          opts(0),
          ...ids.map((_, i) => textMessage(opts(i), `Message number ${i + 1}`)),
        ),
      ]),
    );
    const contact = await eventually(() => contactOf(from), 10_000);
    await eventually(
      () => h.graph.sentTo(from).length === 1 && receivedFrom(contact.customerId).length === 4,
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receivedFrom(contact.customerId).map((e) => e.payload.text)).toEqual([
      'Message number 1',
      'Message number 2',
      'Message number 3',
      'Message number 4',
    ]);
    expect(h.graph.sentTo(from).map((m) => m.text)).toEqual([CHANNEL_NOTICES.rateLimited.en]);
  });

  it('maps a tapped reply button to the choice it answers', async () => {
    const from = '966500000007';
    const options = { from, id: nextId(from), timestamp: now() };
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          options,
          buttonReply(options, {
            id: 'section:returns-retail',
            title: 'Returns',
            contextId: 'wamid.ASKED',
          }),
        ),
      ]),
    );
    const contact = await eventually(() => contactOf(from), 10_000);
    const [message] = await eventually(() => {
      const found = receivedFrom(contact.customerId);
      return found.length > 0 ? found : false;
    }, 15_000);
    expect(message!.payload).toMatchObject({
      text: 'Returns',
      choice: { optionId: 'section:returns-retail' },
    });
  });

  it('writes a number the shop knows as that customer, and forgets a customer whole', async () => {
    const from = '966501001001'; // cust-1001's number in the demo phone book
    const options = { from, id: nextId(from), timestamp: now() };
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([messagesChange(options, textMessage(options, 'Where is my order?'))]),
    );
    await eventually(() => receivedFrom('cust-1001').length === 1, 15_000);
    // Meta's id (it holds the number) is kept in the adapter's own row, for the read receipt.
    const db = h.service.app.get(DataSource);
    const kept = `SELECT count(*) AS n FROM whatsapp_inbound WHERE provider_message_id = $1`;
    expect(Number((await db.query(kept, [options.id]))[0].n)).toBe(1);
    const store = h.service.app.get(ContactStore);
    expect(await store.forget('cust-1001')).toBe(true);
    expect(Number((await db.query(kept, [options.id]))[0].n)).toBe(0);
    const left = await db.query(
      `SELECT (SELECT count(*) FROM whatsapp_contacts WHERE wa_id = $1)
            + (SELECT count(*) FROM whatsapp_conversations WHERE wa_id = $1)
            + (SELECT count(*) FROM whatsapp_inbound WHERE wa_id = $1)
            + (SELECT count(*) FROM shop_customer_phones WHERE phone = $1) AS n`,
      [from],
    );
    expect(Number((left as { n: string }[])[0]!.n)).toBe(0);
    expect(await contactOf(from)).toBe(false);
  });

  it("reads once a message an older adapter accepted, whose event carried Meta's id itself", async () => {
    const from = '966500000009';
    await h.graph.deliverUntilAccepted(
      h.webhookUrl,
      webhookDelivery([
        messagesChange(
          { from, id: nextId(from), timestamp: now() },
          textMessage({ from, id: nextId(from), timestamp: now() }, 'hello'),
        ),
      ]),
    );
    const contact = await eventually(() => contactOf(from), 10_000);
    await eventually(() => receivedFrom(contact.customerId).length === 1, 15_000);
    // Version 2 of whatsapp.message_accepted, as the stream may still hold it at the upgrade.
    const wamid = nextId(from);
    const old = {
      id: deterministicId('whatsapp_message_accepted', 'test', wamid),
      type: WhatsAppMessageAccepted.type,
      version: 2,
      occurredAt: new Date().toISOString(),
      conversationId: contact.conversationId,
      turnId: deterministicId('turn', 'test', wamid),
      causationId: null,
      correlationId: deterministicId('turn', 'test', wamid),
      payload: {
        messageId: deterministicId('message', 'test', wamid),
        customerId: contact.customerId,
        providerMessageId: wamid,
        sentAt: new Date().toISOString(),
        kind: 'text',
        text: await h.service.app
          .get(PersonalData)
          .sealText(contact.customerId, 'an older message'),
      },
    };
    for (let copy = 0; copy < 2; copy++)
      await h.bus.js.publish(WhatsAppMessageAccepted.subject, JSON.stringify(old), {
        msgID: deterministicId('copy', String(copy), wamid),
      });
    await eventually(() => receivedFrom(contact.customerId).length === 2, 15_000);
    await eventually(() => h.graph.typing.includes(wamid), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receivedFrom(contact.customerId).map((e) => e.payload.text)).toEqual([
      'hello',
      'an older message',
    ]);
  });
});
