import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readEventLog } from '@support/bus';
import { ReplySent } from '@support/contracts';
import { bearer, eventually, type ServiceProcess, TestSocket } from '@support/testing';
import { sendMessage } from './support/support-stack.js';
import { ACK_WAIT_MS, type ProcessStack, startProcessStack } from './support/process-stack.js';

const QUESTIONS = [
  'How long does delivery to Muscat take?',
  'What does out for delivery mean on my order?',
  'كم يستغرق التوصيل إلى مسقط؟',
];
const ask = async (socket: TestSocket, text: string) =>
  String((await sendMessage(socket, text, 15_000)).turnId);

const repliesTo = (socket: TestSocket, turnId: string) =>
  socket.frames.filter((f) => f.type === 'reply' && f.turnId === turnId);

describe('scaled out: two gateways and two agents on one bus and database', () => {
  let stack: ProcessStack;
  let secondGateway: ServiceProcess;

  beforeAll(async () => {
    stack = await startProcessStack();
    // A short lease: the last test kills this gateway and waits for its sockets to stop counting.
    secondGateway = await stack.startReplica('gateway', {
      GATEWAY_INSTANCE: 'gateway-2',
      WS_CONNECTION_LEASE_MS: '3000',
    });
    await stack.startReplica('agent', { AGENT_INSTANCE: 'agent-2' });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('delivers a reply to every tab of the conversation, whichever gateway holds it, once', async () => {
    const first = await stack.connect('cust-two-tabs');
    const second = await stack.connect('cust-two-tabs', first.conversationId, secondGateway);
    expect(second.conversationId).toBe(first.conversationId);
    for (const [from, text] of [
      [second.socket, QUESTIONS[0]!],
      [first.socket, QUESTIONS[1]!],
    ] as const) {
      const turnId = await ask(from, text);
      for (const tab of [first.socket, second.socket])
        await tab.next((f) => f.type === 'reply' && f.turnId === turnId, 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 2));
    for (const tab of [first.socket, second.socket]) {
      const replies = tab.frames.filter((f) => f.type === 'reply');
      expect(replies.map((f) => f.kind)).toEqual(['answer', 'answer']);
      tab.close();
    }
  }, 90_000);

  it('shares the turns between the agent replicas: every turn answered exactly once', async () => {
    const gateways = [stack.services.gateway, secondGateway];
    const conversations = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stack.connect(`cust-load-${i}`, undefined, gateways[i % 2]),
      ),
    );
    const turns = await Promise.all(
      conversations.map(({ socket }, i) => ask(socket, QUESTIONS[i % QUESTIONS.length]!)),
    );
    await Promise.all(
      conversations.map(({ socket }, i) =>
        socket.next((f) => f.type === 'reply' && f.turnId === turns[i], 60_000),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 2));
    conversations.forEach(({ socket }, i) => expect(repliesTo(socket, turns[i]!)).toHaveLength(1));

    const { events } = await readEventLog(stack.bus, ReplySent);
    const replies = events.filter((e) => turns.includes(e.turnId!));
    expect(new Set(replies.map((e) => e.id)).size).toBe(turns.length);
    // One durable consumer of customer messages, shared by both agents (not one per replica).
    const consumers = await stack.bus.jsm.consumers.list(stack.bus.options.stream).next();
    const agentConsumers = consumers.filter(
      (c) =>
        c.name.startsWith('agent') &&
        c.config.filter_subject === 'support.conversation.message_received',
    );
    expect(agentConsumers).toHaveLength(1);
    conversations.forEach(({ socket }) => socket.close());
  }, 120_000);

  it("caps a customer's sockets over both gateways; a killed gateway's stop counting with its lease", async () => {
    const token = await stack.token('cust-many-sockets', 'customer');
    const dial = (gateway: ServiceProcess) =>
      TestSocket.open(`${gateway.url.replace('http', 'ws')}/ws`, bearer(token));
    const first = stack.services.gateway;
    // The default cap, WS_MAX_CONNECTIONS_PER_CUSTOMER = 10, split 4 + 6.
    const held = await Promise.all([
      ...Array.from({ length: 4 }, () => dial(first)),
      ...Array.from({ length: 6 }, () => dial(secondGateway)),
    ]);
    for (const gateway of [first, secondGateway])
      await expect(dial(gateway)).rejects.toMatchObject({ status: 429 });

    await secondGateway.kill(); // SIGKILL: nothing releases its six sockets but the lease
    await expect(dial(first)).rejects.toMatchObject({ status: 429 });
    const killedAt = Date.now();
    const reopened = await eventually(() => dial(first), 15_000, 250);
    expect(Date.now() - killedAt).toBeLessThan(3_000 + 2_000);
    for (const socket of [...held, reopened]) socket.close();
    await secondGateway.start();
  }, 60_000);
});
