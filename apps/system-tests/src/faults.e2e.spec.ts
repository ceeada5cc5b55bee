import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { newEventId, readEventLog } from '@support/bus';
import {
  ALL_EVENTS,
  createEvent,
  DeadLettered,
  encodeEvent,
  EscalationClassified,
  EscalationRaised,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  type PayloadOf,
} from '@support/contracts';
import { eventually, type TestSocket } from '@support/testing';
import { sendAdminReply } from './support/admin-reply.js';
import { type ProcessStack, startProcessStack } from './support/process-stack.js';
import {
  expectStillAnswerable as expectStillAnswerableOn,
  faultMidTurn as faultMidTurnOn,
  FOLLOW_UP,
  type Hold,
  holdModel as holdModelOf,
  holdReranker as holdRerankerOf,
  QUESTION,
  replyOf,
  send,
  settle,
} from './support/fault-turns.js';
import { expectConversationIntact, repliesSeen } from './support/turn-integrity.js';

const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long Postgres stays unreachable in the outage case: five minutes, well past the ~80 s after
 * which consumers used to dead-letter acknowledged messages. FAULT_OUTAGE_MS shortens it for a
 * quick run while developing.
 */
const POSTGRES_OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 5 * 60_000);

/** The services that keep state in Postgres: not ready while it is down. */
const POSTGRES_SERVICES = ['gateway', 'agent', 'escalation'] as const;

describe('faults, with every service in its own process', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    stack = await startProcessStack();
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  const expectStillAnswerable = (customerId: string, conversationId: string, history: string[]) =>
    expectStillAnswerableOn(stack, customerId, conversationId, history);

  /**
   * What the gateway publishes when it acknowledges a customer's message, for the customer of an
   * open socket; returns the turn id.
   */
  async function acknowledged(
    session: { conversationId: string; ready: Record<string, unknown> },
    text: string,
  ) {
    const turnId = newEventId();
    await stack.publisher.publish(
      createEvent(
        MessageReceived,
        {
          messageId: newEventId(),
          customerId: String(session.ready.customerId),
          text: await stack.seal(String(session.ready.customerId), text),
          attachments: [],
          channel: 'web',
          clientMessageId: newEventId(),
        },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: session.conversationId,
          turnId,
          correlationId: turnId,
        },
      ),
    );
    return turnId;
  }

  /**
   * A client that resends, under the same message id, what the gateway refused as retryable,
   * until it is acknowledged; returns the turn id.
   */
  async function sendUntilAcknowledged(socket: TestSocket, text: string, timeoutMs: number) {
    const clientMessageId = `retried-${newEventId()}`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const from = socket.frames.length;
      socket.send({ type: 'message', clientMessageId, text });
      const answer = await socket.next(
        (f) => ['ack', 'error'].includes(f.type) && f.clientMessageId === clientMessageId,
        15_000,
        from,
      );
      if (answer.type === 'ack') return String(answer.turnId);
      if (answer.retryable !== true || Date.now() > deadline)
        throw new Error(`"${text}" was not acknowledged: ${JSON.stringify(answer)}`);
      await sleep(2_000);
    }
  }

  const holdModel: Hold = () => holdModelOf(stack)();
  const holdReranker: Hold = () => holdRerankerOf(stack)();

  const faultMidTurn = async (
    customerId: string,
    hold: Hold,
    fault: () => Promise<unknown>,
    recover?: () => Promise<unknown>,
  ) => {
    await faultMidTurnOn(stack, customerId, hold, fault, recover);
  };

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
    () => faultMidTurn('cust-nats-kill', holdModel, () => stack.nats!.restart({ downMs: 1_000 })),
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

  it(
    `Postgres unreachable for ${POSTGRES_OUTAGE_MS / 1000} s while customers write: nothing lost, nothing twice, every turn answered once`,
    async () => {
      const startedAt = new Date().toISOString();
      const readiness = async () =>
        Promise.all(
          POSTGRES_SERVICES.map((name) =>
            fetch(`${stack.services[name].url}/health/ready`).then((r) => r.status),
          ),
        );
      const pids = Object.values(stack.services).map((service) => service.pid());
      // Sockets open before the outage: resuming a conversation reads its history from Postgres.
      const first = await stack.connect('cust-outage-first');
      const second = await stack.connect('cust-outage-second');
      const escalated = await stack.connect('cust-outage-escalated');
      const turns = new Map<TestSocket, string[]>([
        [first.socket, []],
        [second.socket, []],
        [escalated.socket, []],
      ]);

      // A turn in the middle of its run when Postgres goes: its conversation lock's connection
      // drops and its checkpoint cannot be written.
      const held = holdModel();
      turns.get(first.socket)!.push(await send(first.socket, QUESTION));
      await held.arrived;
      await stack.postgres.down();
      held.release();
      await eventually(async () => (await readiness()).every((status) => status === 503), 30_000);

      // Messages acknowledged to customers reach the event log during the outage, at its start and
      // halfway through; one ends in an abstention and a handoff (escalation and classifier too).
      turns.get(escalated.socket)!.push(await acknowledged(escalated, NEIGHBOUR));
      await sleep(POSTGRES_OUTAGE_MS / 2);
      turns.get(second.socket)!.push(await acknowledged(second, QUESTION));
      // And a customer writes through the gateway, resending what it refuses as retryable.
      const followUp = sendUntilAcknowledged(first.socket, FOLLOW_UP, POSTGRES_OUTAGE_MS + 60_000);
      await sleep(POSTGRES_OUTAGE_MS / 2);
      expect(Object.values(stack.services).map((service) => service.pid())).toEqual(pids);
      await stack.postgres.up();
      turns.get(first.socket)!.push(await followUp);

      // Redeliveries during an outage back off to 30 s: every turn is answered within a few of them.
      for (const [socket, ids] of turns)
        for (const turnId of ids) await replyOf(socket, turnId, 180_000);
      await eventually(async () => (await readiness()).every((status) => status === 200), 30_000);
      await settle();
      for (const [socket, ids] of turns)
        for (const turnId of ids)
          expect(
            socket.frames.filter((f) => f.type === 'reply' && f.turnId === turnId),
          ).toHaveLength(1);
      const { events } = await readEventLog(stack.bus, DeadLettered);
      expect(events.filter((e) => e.occurredAt >= startedAt).map((e) => e.payload)).toEqual([]);
      expect(Object.values(stack.services).map((service) => service.pid())).toEqual(pids);

      for (const session of [first, second, escalated]) session.socket.close();
      await expectConversationIntact(stack.bus, escalated.conversationId, [NEIGHBOUR], stack.open);
      await expectStillAnswerable('cust-outage-second', second.conversationId, [QUESTION]);
      await expectStillAnswerable('cust-outage-first', first.conversationId, [QUESTION, FOLLOW_UP]);
    },
    POSTGRES_OUTAGE_MS + 420_000,
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
    const adminReply = await sendAdminReply(stack.publisher, stack.database.url, {
      escalationId: (raised.payload as { escalationId: string }).escalationId,
      conversationId,
      text: 'Wholesale returns go through your account manager.',
    });
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
    await expectConversationIntact(stack.bus, conversationId, [QUESTION, NEIGHBOUR], stack.open);
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
