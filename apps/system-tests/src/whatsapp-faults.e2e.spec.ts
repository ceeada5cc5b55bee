/**
 * The fault suite's kill cases for the WhatsApp channel: every service in its own process, the
 * Cloud API a fake that signs and retries webhooks as Meta does. Each case ends as the fault
 * suite's do, read from the event log (each message recorded once, each turn answered once, every
 * answer validated against its own turn's chunks), plus what the customer's phone got: each reply
 * once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId, readEventLog } from '@support/bus';
import { encodeEvent, ReplySent, WhatsAppMessageAccepted } from '@support/contracts';
import { eventually } from '@support/testing';
import {
  FakeGraphApi,
  messagesChange,
  metaMessageId,
  textMessage,
  webhookDelivery,
} from '@support/whatsapp/testing';
import { ACK_WAIT_MS, type ProcessStack, startProcessStack } from './support/process-stack.js';
import { expectConversationIntact } from './support/turn-integrity.js';

const QUESTION = 'How long does delivery to Muscat take?';
const FOLLOW_UP = 'What does out for delivery mean on my order?';
const settle = () => new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 2));

describe('WhatsApp faults, with every service in its own process', () => {
  let graph: FakeGraphApi;
  let stack: ProcessStack;
  let seq = 0;
  let phone = 966_560_000_000;

  beforeAll(async () => {
    graph = await FakeGraphApi.start();
    stack = await startProcessStack({ ...graph.env(), WHATSAPP_TEMPLATE_NAME: 'support_reply' });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await graph?.stop();
  });

  const webhookUrl = () => `${stack.services.whatsapp.url}/whatsapp/webhook`;

  /** A WhatsApp text as Meta delivers it (one delivery: the same payload when Meta retries). */
  function delivery(from: string, text: string) {
    const id = metaMessageId(from, `FAULT${String(++seq).padStart(6, '0')}`);
    const options = { from, id, timestamp: Math.floor(Date.now() / 1000) };
    return { id, payload: webhookDelivery([messagesChange(options, textMessage(options, text))]) };
  }

  /** The conversation the webhook put a message in, from the log (which names it by reference). */
  async function conversationOf(providerMessageId: string): Promise<string> {
    const ref = stack.messageRef(providerMessageId);
    return eventually(async () => {
      const { events } = await readEventLog(stack.bus, WhatsAppMessageAccepted);
      const accepted = events.find(
        (e) => (e.payload as { providerMessageId: string }).providerMessageId === ref,
      );
      return accepted?.conversationId ?? false;
    }, 30_000);
  }

  /** The end of every case: one reply per message on the phone, the log intact, and it answers on. */
  async function expectIntact(from: string, conversationId: string, history: string[]) {
    await graph.deliverUntilAccepted(webhookUrl(), delivery(from, FOLLOW_UP).payload);
    await eventually(() => graph.sentTo(from).length === history.length + 1, 60_000);
    await settle();
    expect(graph.sentTo(from)).toHaveLength(history.length + 1);
    await expectConversationIntact(stack.bus, conversationId, [...history, FOLLOW_UP], stack.open);
  }

  it('the WhatsApp process killed while sending a reply: the restarted one sends it once', async () => {
    const from = String(++phone);
    const held = graph.holdNextSend();
    const asked = delivery(from, QUESTION);
    await graph.deliverUntilAccepted(webhookUrl(), asked.payload);
    await held.arrived;
    await stack.services.whatsapp.kill();
    // Released only once the server has seen the connection close: Graph never took the message.
    await held.clientGone;
    held.release();
    await stack.services.whatsapp.start();
    await eventually(() => graph.sentTo(from).length === 1, 60_000).catch((error: unknown) => {
      throw new Error(
        `${String(error)}: sent ${JSON.stringify(graph.sentTo(from))}\n${stack.services.whatsapp.output()}`,
      );
    });
    await settle();
    expect(graph.sentTo(from)).toHaveLength(1);
    await expectIntact(from, await conversationOf(asked.id), [QUESTION]);
  }, 180_000);

  it("Meta's retries while the WhatsApp process is down: the message is taken once it is back, and answered once", async () => {
    const from = String(++phone);
    await stack.services.whatsapp.kill();
    const asked = delivery(from, QUESTION);
    const delivered = graph.deliverUntilAccepted(webhookUrl(), asked.payload, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await stack.services.whatsapp.start();
    expect(await delivered).toBeGreaterThan(1);
    await eventually(() => graph.sentTo(from).length === 1, 60_000);
    // Meta retries a delivery it already saw accepted: nothing new.
    expect(await graph.deliver(webhookUrl(), asked.payload)).toBe(200);
    await settle();
    expect(graph.sentTo(from)).toHaveLength(1);
    await expectIntact(from, await conversationOf(asked.id), [QUESTION]);
  }, 240_000);

  it('the agent process killed mid-turn on a WhatsApp conversation: one answer on the phone', async () => {
    const from = String(++phone);
    const held = stack.model.holdNextAnswer();
    const asked = delivery(from, QUESTION);
    await graph.deliverUntilAccepted(webhookUrl(), asked.payload);
    await held.arrived;
    await stack.services.agent.kill();
    held.release();
    await stack.services.agent.start();
    await eventually(() => graph.sentTo(from).length === 1, 90_000);
    await settle();
    expect(graph.sentTo(from)).toHaveLength(1);
    await expectIntact(from, await conversationOf(asked.id), [QUESTION]);
  }, 240_000);

  it('the same webhook and the same reply delivered five times: one message, one reply', async () => {
    const from = String(++phone);
    const asked = delivery(from, QUESTION);
    for (let copy = 0; copy < 5; copy++)
      expect(await graph.deliver(webhookUrl(), asked.payload)).toBe(200);
    await eventually(() => graph.sentTo(from).length === 1, 60_000);
    const conversationId = await conversationOf(asked.id);
    const { events } = await readEventLog(stack.bus, ReplySent);
    const reply = events.find((e) => e.conversationId === conversationId)!;
    for (let copy = 0; copy < 4; copy++)
      await stack.bus.js.publish(ReplySent.subject, encodeEvent(reply), { msgID: newEventId() });
    await settle();
    expect(graph.sentTo(from)).toHaveLength(1);
    await expectIntact(from, conversationId, [QUESTION]);
  }, 180_000);
});
