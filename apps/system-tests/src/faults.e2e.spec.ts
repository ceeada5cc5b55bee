import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { newEventId, readEventLog } from '@support/bus';
import {
  AdminReplied,
  ALL_EVENTS,
  createEvent,
  DeadLettered,
  encodeEvent,
  EscalationClassified,
  EscalationRaised,
  EXAMPLE_PAYLOADS,
  type PayloadOf,
} from '@support/contracts';
import { eventually, type TestSocket } from '@support/testing';
import { sendMessage } from './support/support-stack.js';
import { ACK_WAIT_MS, type ProcessStack, startProcessStack } from './support/process-stack.js';
import { expectConversationIntact, repliesSeen } from './support/turn-integrity.js';

const QUESTION = 'How long does delivery to Muscat take?';
const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";
const FOLLOW_UP = 'What does out for delivery mean on my order?';

/** Sends a customer message and waits for its ack; returns the turn id. */
const send = async (socket: TestSocket, text: string) =>
  String((await sendMessage(socket, text, 15_000)).turnId);

function replyOf(socket: TestSocket, turnId: string, timeoutMs = 45_000) {
  return socket.next((f) => f.type === 'reply' && f.turnId === turnId, timeoutMs);
}

/** Long enough for any redelivery (ack wait) to have produced a second reply, if it were going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 2));

describe('faults, with every service in its own process', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    stack = await startProcessStack();
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** The end of every case: nothing lost, nothing twice, only validated answers, and it still answers. */
  async function expectStillAnswerable(
    customerId: string,
    conversationId: string,
    history: string[],
  ) {
    const { socket, ready } = await stack.connect(customerId, conversationId);
    const turnId = await send(socket, FOLLOW_UP);
    const reply = await replyOf(socket, turnId);
    expect(reply.kind).toBe('answer');
    await settle();
    const seen = repliesSeen(socket, ready);
    expect(new Set(seen).size).toBe(seen.length);
    await expectConversationIntact(stack.bus, conversationId, [...history, FOLLOW_UP]);
    socket.close();
  }

  /** Something that stops a turn midway (a held model or reranker call) and lets it go on. */
  type Hold = () => { arrived: Promise<void>; release(): void };
  const holdModel: Hold = () => stack.model.holdNextAnswer();
  const holdReranker: Hold = () => {
    const before = stack.reranker.requests.length;
    stack.reranker.behaviour = 'hang';
    return {
      arrived: eventually(() => stack.reranker.requests.length > before, 30_000).then(() => {}),
      release: () => (stack.reranker.behaviour = 'error'),
    };
  };

  /**
   * A turn stopped midway by `hold` meets `fault`; then the hold is released and `recover` runs.
   * The open socket must get the turn's one answer.
   */
  async function faultMidTurn(
    customerId: string,
    hold: Hold,
    fault: () => Promise<unknown>,
    recover: () => Promise<unknown> = async () => undefined,
  ) {
    const { socket, conversationId } = await stack.connect(customerId);
    const held = hold();
    const turnId = await send(socket, QUESTION);
    await held.arrived;
    await fault();
    held.release();
    await recover();
    expect((await replyOf(socket, turnId)).kind).toBe('answer');
    await settle();
    expect(socket.frames.filter((f) => f.type === 'reply' && f.turnId === turnId)).toHaveLength(1);
    socket.close();
    await expectStillAnswerable(customerId, conversationId, [QUESTION]);
  }

  it(
    'the agent process killed mid-turn: the restarted agent finishes the turn once',
    () =>
      faultMidTurn(
        'cust-agent-kill',
        holdModel,
        () => stack.services.agent.kill(),
        () => stack.services.agent.start(),
      ),
    120_000,
  );

  it(
    'the retrieval process killed mid-turn (waiting on the reranker): the turn still ends once',
    () =>
      faultMidTurn(
        'cust-retrieval-kill',
        holdReranker,
        () => stack.services.retrieval.kill(),
        () => stack.services.retrieval.start(),
      ),
    120_000,
  );

  it(
    'nats-server killed and restarted mid-turn: the open socket gets the reply once',
    () => faultMidTurn('cust-nats-kill', holdModel, () => stack.nats.restart({ downMs: 1_000 })),
    120_000,
  );

  it(
    'every Postgres connection dropped mid-turn: the turn ends once',
    () =>
      faultMidTurn('cust-postgres-drop', holdModel, async () =>
        expect(await terminateConnections(stack.database.name)).toBeGreaterThan(0),
      ),
    120_000,
  );

  it('the gateway process killed mid-turn: the reply reaches the customer once after reconnecting', async () => {
    const { socket, conversationId } = await stack.connect('cust-gateway-kill');
    const held = holdModel();
    await send(socket, QUESTION);
    await held.arrived;
    await stack.services.gateway.kill();
    await socket.closed;
    held.release();
    await stack.services.gateway.start();
    const again = await stack.connect('cust-gateway-kill', conversationId);
    await eventually(() => repliesSeen(again.socket, again.ready).length > 0, 30_000);
    await settle();
    expect(repliesSeen(again.socket, again.ready)).toHaveLength(1);
    again.socket.close();
    await expectStillAnswerable('cust-gateway-kill', conversationId, [QUESTION]);
  }, 120_000);

  it('the same events delivered five times: one turn, one reply on the socket, one human reply', async () => {
    const customerId = 'cust-five-times';
    const { socket, conversationId } = await stack.connect(customerId);
    const turnId = await send(socket, QUESTION);
    await replyOf(socket, turnId);
    const neighbour = await send(socket, NEIGHBOUR);
    expect((await replyOf(socket, neighbour)).kind).toBe('abstention');
    const raised = await eventually(async () => {
      const { events } = await readEventLog(stack.bus, EscalationRaised);
      return events.find((e) => e.turnId === neighbour) ?? false;
    }, 30_000);
    const adminReply = createEvent(
      AdminReplied,
      {
        escalationId: (raised.payload as { escalationId: string }).escalationId,
        provider: 'console',
        adminId: 'admin-1',
        text: 'Wholesale returns go through your account manager.',
        externalId: newEventId(),
      },
      {
        id: newEventId(),
        occurredAt: new Date().toISOString(),
        conversationId,
        correlationId: newEventId(),
      },
    );
    await stack.publisher.publish(adminReply);
    await socket.next((f) => f.type === 'reply' && f.kind === 'human', 30_000);

    const { events } = await readEventLog(stack.bus);
    const own = events.filter((e) => e.conversationId === conversationId);
    const again = own.filter((e) =>
      ['conversation.message_received', 'agent.reply_sent', 'escalation.raised'].includes(e.type),
    );
    // Four more deliveries of each, as a publisher that lost its acks would cause.
    for (let copy = 0; copy < 4; copy++)
      for (const event of [...again, adminReply])
        await stack.bus.js.publish(`support.${event.type}`, encodeEvent(event), {
          msgID: newEventId(),
        });
    await settle();

    const replies = socket.frames.filter((f) => f.type === 'reply');
    expect(replies.map((f) => f.kind)).toEqual(['answer', 'abstention', 'human']);
    expect(socket.frames.filter((f) => f.type === 'handed_to_human')).toHaveLength(1);
    socket.close();
    const resumed = await stack.connect(customerId, conversationId);
    expect((resumed.ready.history as { role: string }[]).map((h) => h.role)).toEqual([
      'customer',
      'agent',
      'customer',
      'agent',
      'human',
    ]);
    resumed.socket.close();
    await expectConversationIntact(stack.bus, conversationId, [QUESTION, NEIGHBOUR]);
    await expectStillAnswerable(customerId, conversationId, [QUESTION, NEIGHBOUR]);
  }, 120_000);

  it('a malformed event on every subject is dead-lettered by every consumer, and nothing stops', async () => {
    const planted = new Map<number, string>();
    for (const definition of ALL_EVENTS) {
      const invalidPayload = {
        id: newEventId(),
        type: definition.type,
        version: definition.version,
        occurredAt: new Date().toISOString(),
        conversationId: null,
        turnId: null,
        causationId: null,
        correlationId: newEventId(),
        payload: { unexpected: true },
      };
      for (const body of ['{"not": "an event"', JSON.stringify(invalidPayload)]) {
        const ack = await stack.bus.js.publish(definition.subject, body, { msgID: newEventId() });
        planted.set(ack.seq, definition.subject);
      }
    }
    const consumers = await stack.bus.jsm.consumers.list(stack.bus.options.stream).next();
    const expected = consumers.flatMap((c) =>
      [...planted]
        .filter(([, subject]) => c.config.filter_subject === subject)
        .map(([seq]) => `${c.name}@${seq}`),
    );
    expect(expected.length).toBeGreaterThan(ALL_EVENTS.length);
    const deadLettered = await eventually(async () => {
      const { events } = await readEventLog(stack.bus, DeadLettered);
      const recorded = events
        .map((e) => e.payload as { consumer: string; streamSequence: number; cause: string })
        .filter((p) => planted.has(p.streamSequence));
      const keys = recorded.map((p) => `${p.consumer}@${p.streamSequence}`);
      return expected.every((k) => keys.includes(k)) ? recorded : false;
    }, 30_000);
    expect(deadLettered.every((p) => p.cause === 'invalid')).toBe(true);
    for (const service of Object.values(stack.services))
      expect((await fetch(`${service.url}/health/ready`)).status).toBe(200);
    const { socket, conversationId } = await stack.connect('cust-after-poison');
    socket.close();
    await expectStillAnswerable('cust-after-poison', conversationId, []);
  }, 120_000);

  it('a classification that overtakes its escalation still lands on the dashboard', async () => {
    await stack.services.classifier.kill();
    const escalationId = newEventId();
    const conversationId = newEventId();
    const meta = () => ({
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId,
      turnId: newEventId(),
      correlationId: newEventId(),
    });
    await stack.publisher.publish(
      createEvent(
        EscalationClassified,
        { escalationId, topic: 'payments', classifier: 'rules', confidence: 0.9 },
        meta(),
      ),
    );
    await stack.publisher.publish(
      createEvent(
        EscalationRaised,
        { ...EXAMPLE_PAYLOADS['escalation.raised'], escalationId } as PayloadOf<
          typeof EscalationRaised
        >,
        meta(),
      ),
    );
    const analyst = await stack.token('analyst-1', 'analyst');
    const topics = await eventually(async () => {
      const response = await fetch(`${stack.services.gateway.url}/dashboard/data`, {
        headers: { authorization: `Bearer ${analyst}` },
      });
      const data = (await response.json()) as { byTopic: { topic: string }[] };
      const names = data.byTopic.map((t) => t.topic);
      return names.includes('payments') ? names : false;
    }, 30_000);
    expect(topics).not.toContain('pending');
    await stack.services.classifier.start();
  }, 60_000);
});

/** What a Postgres failover or an idle-connection reaper does to every service at once. */
async function terminateConnections(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
