import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, OPS_USER } from '@support/bus';
import { TurnClient } from '@support/cli';
import { decodeEvent, type EventEnvelope, ThreadOpened } from '@support/contracts';
import { FakeSlackApi } from '@support/escalation/testing';
import { type DashboardData, TokenService } from '@support/gateway';
import { ALL_PROJECTIONS, dumpTable, openDatabase, replayFromStart } from '@support/persistence';
import { bearer, eventually, type Frame, TestSocket } from '@support/testing';
import type { DataSource } from 'typeorm';
import {
  ask,
  startSupportStack,
  type SupportStack,
  TOKEN_SECRET,
  fakeSlackEnv,
} from './support/support-stack.js';

const CHANNEL = 'C0SUPPORT';
// Every projection's rows and the dashboard's daily aggregates kept with them.
const PROJECTION_TABLES = ALL_PROJECTIONS.flatMap((projection) => projection.tables);
/** Questions the sample knowledge base cannot answer: each ends in a handoff. */
const EVAL_ESCALATING = [
  'Do you give a discount if I order 50 abayas for my boutique?',
  'Can I return unsold stock from my wholesale order?',
];
const EVAL_ANSWERED = 'How long does delivery to Muscat take?';
const LIVE_ESCALATING = "I'm a reseller, can I return unsold stock from my wholesale order?";

interface StoredEvent {
  readonly raw: string;
  readonly event: EventEnvelope;
}

/** Every event in the stream, with the bytes it was stored as. */
async function storedEvents(bus: BusConnection): Promise<StoredEvent[]> {
  const { state } = await bus.jsm.streams.info(bus.options.stream);
  const out: StoredEvent[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const message = await bus.jsm.streams.getMessage(bus.options.stream, { seq });
    if (!message) continue;
    const raw = new TextDecoder().decode(message.data);
    out.push({ raw, event: decodeEvent(raw) });
  }
  return out;
}

/** Everything an analyst's dashboard shows, minus the window it was asked for. */
const numbers = ({ from: _from, to: _to, ...rest }: DashboardData) => rest;

describe('evaluation traffic (`cli eval`, `cli ask`) apart from live traffic', () => {
  let slack: FakeSlackApi;
  let stack: SupportStack;
  let client: TurnClient;
  let bus: BusConnection;
  let live: DataSource;
  let admin: TestSocket;
  let analystToken: string;

  beforeAll(async () => {
    slack = await FakeSlackApi.start();
    stack = await startSupportStack({
      escalation: true,
      env: {
        ...fakeSlackEnv({
          apiUrl: slack.apiUrl,
          channel: CHANNEL,
          signingSecret: 'slack-signing-secret-for-tests',
          adminUserIds: 'UADMIN01',
        }),
      },
    });
    client = await TurnClient.open(stack.busOptions(OPS_USER), stack.database.url);
    bus = await BusConnection.open(stack.busOptions(OPS_USER));
    live = await openDatabase({ url: stack.database.url });
    const tokens = new TokenService(TOKEN_SECRET, { now: () => new Date() });
    analystToken = await tokens.issue({ subject: 'analyst-eval', role: 'analyst' });
    admin = await adminSocket(await tokens.issue({ subject: 'admin-eval', role: 'admin' }));
  }, 120_000);

  afterAll(async () => {
    admin?.close();
    await client?.close();
    await bus?.close();
    await live?.destroy();
    await stack?.close();
    await slack?.stop();
  }, 60_000);

  const adminSocket = async (token: string) => {
    const url = `${stack.gateway.url.replace('http', 'ws')}/admin/ws`;
    const socket = await TestSocket.open(url, bearer(token));
    socket.send({ type: 'hello' });
    await socket.nextOfType('snapshot', 10_000);
    return socket;
  };
  /** The admin queue as a console that connects now sees it. */
  const adminQueue = async () => {
    const from = admin.frames.length;
    admin.send({ type: 'hello' });
    const snapshot = await admin.nextOfType('snapshot', 10_000, from);
    return (snapshot.escalations as { conversationId: string; question: string }[]).map(
      ({ conversationId, question }) => ({ conversationId, question }),
    );
  };
  const dashboard = async (): Promise<DashboardData> => {
    // Whole UTC days: yesterday and today, so a run across midnight still counts its own turns.
    const response = await fetch(`${stack.gateway.url}/dashboard/data?days=2`, {
      headers: { authorization: `Bearer ${analystToken}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as DashboardData;
  };
  const traceOf = async (turnId: string) => {
    const response = await fetch(`${stack.gateway.url}/dashboard/traces/${turnId}`, {
      headers: { authorization: `Bearer ${analystToken}` },
    });
    return response.status === 200
      ? ((await response.json()) as { trace: { synthetic: boolean; route: string | null } })
      : null;
  };

  it('answers and escalates synthetic turns without reaching Slack, the admin queue or the dashboard', async () => {
    const queueBefore = await adminQueue();
    const dashboardBefore = numbers(await dashboard());
    const postedBefore = slack.posted.length;
    const adminFramesBefore = admin.frames.length;

    // What `cli eval` and `cli ask` do: questions through the real services, marked synthetic.
    const escalated = [];
    for (const question of EVAL_ESCALATING) escalated.push(await client.ask(question));
    const answered = await client.ask(EVAL_ANSWERED);
    // The eval still sees what happened: the handoff and its reason, the answer and its sources.
    for (const outcome of escalated) {
      expect(outcome.reply.kind).toBe('abstention');
      expect(outcome.escalation?.reason).toBe('below_score_floor');
    }
    expect(answered.reply.kind).toBe('answer');
    expect(answered.escalation).toBeNull();
    const evalTurns = [...escalated, answered].map((o) => o.turnId);

    // `cli trace` still shows them, marked: the projections have folded the whole turns by then.
    for (const turnId of evalTurns)
      await eventually(async () => (await traceOf(turnId))?.trace.route != null, 15_000);
    for (const turnId of evalTurns) expect((await traceOf(turnId))!.trace.synthetic).toBe(true);

    const events = await storedEvents(bus);
    const evalConversations = new Set(
      events
        .filter(({ event }) => evalTurns.includes(event.turnId ?? ''))
        .map(({ event }) => event.conversationId),
    );
    expect(evalConversations.size).toBe(evalTurns.length);
    const evalEvents = events.filter(({ event }) => evalConversations.has(event.conversationId));
    // Every event caused by a synthetic question is synthetic: the agent's (its replies, the
    // handoff and each turn's outcome), retrieval's, the reranker's, and no handoff thread was
    // opened.
    expect(new Set(evalEvents.map(({ event }) => event.type))).toEqual(
      new Set([
        'conversation.message_received',
        'retrieval.requested',
        'rerank.requested',
        'rerank.completed',
        'retrieval.completed',
        'agent.reply_sent',
        'escalation.raised',
        'turn.outcome',
      ]),
    );
    for (const { event } of evalEvents) expect(event.synthetic).toBe(true);
    expect(evalEvents.some(({ event }) => event.type === ThreadOpened.type)).toBe(false);

    // Give the escalation service and the gateway's live feeds time to do whatever they would.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(slack.posted.slice(postedBefore)).toEqual([]);
    expect(await adminQueue()).toEqual(queueBefore);
    const adminSaw = admin.frames
      .slice(adminFramesBefore)
      .filter((f: Frame) => f.type !== 'snapshot');
    expect(adminSaw).toEqual([]);
    expect(numbers(await dashboard())).toEqual(dashboardBefore);

    // A live escalation in the same run reaches all three.
    const { socket, conversationId } = await stack.connect('cust-live-eval');
    const { reply, turnId } = await ask(socket, LIVE_ESCALATING);
    expect(reply.kind).toBe('abstention');
    await eventually(() => slack.posted.some((p) => p.text.includes(LIVE_ESCALATING)), 15_000);
    await admin.next(
      (f) =>
        f.type === 'escalation' &&
        (f.escalation as { conversationId: string }).conversationId === conversationId,
      15_000,
      adminFramesBefore,
    );
    await eventually(
      async () => (await adminQueue()).some((e) => e.conversationId === conversationId),
      15_000,
    );
    const queueAfter = await adminQueue();
    expect(
      queueAfter.filter((e) => !queueBefore.some((b) => b.conversationId === e.conversationId)),
    ).toEqual([{ conversationId, question: LIVE_ESCALATING }]);
    await eventually(async () => (await traceOf(turnId))?.trace.route === 'escalated', 15_000);
    const after = await dashboard();
    expect(after.turns.total).toBe(dashboardBefore.turns.total + 1);
    expect(after.escalations.total).toBe(dashboardBefore.escalations.total + 1);
    expect(after.backlog.flatMap((b) => b.questions)).toContain(LIVE_ESCALATING);
    for (const question of EVAL_ESCALATING)
      expect(after.backlog.flatMap((b) => b.questions)).not.toContain(question);
    expect((await traceOf(turnId))!.trace.synthetic).toBe(false);
    // Live events carry no flag at all: their bytes are what they always were.
    const liveEvents = (await storedEvents(bus)).filter(
      ({ event }) => event.conversationId === conversationId,
    );
    expect(liveEvents.length).toBeGreaterThan(0);
    for (const { raw } of liveEvents) expect(raw).not.toContain('synthetic');
    socket.close();

    // A replay from the log leaves the synthetic traffic out exactly as live processing does.
    await eventually(async () => {
      const [row] = await live.query(
        'SELECT thread_id FROM escalations WHERE conversation_id = $1',
        [conversationId],
      );
      return Boolean(row?.thread_id);
    }, 15_000);
    const shadow = await openDatabase({ url: stack.database.url, schema: 'replay_eval' });
    try {
      const result = await replayFromStart(bus, shadow, ALL_PROJECTIONS);
      expect(result.failed).toEqual([]);
      const replayed = await Promise.all(PROJECTION_TABLES.map((t) => dumpTable(shadow, t)));
      // The live consumers of each table catch up with the log on their own time.
      await eventually(async () => {
        const liveTables = await Promise.all(PROJECTION_TABLES.map((t) => dumpTable(live, t)));
        expect(liveTables).toEqual(replayed);
      }, 15_000);
      const [{ count }] = await shadow.query(
        'SELECT count(*)::int AS count FROM turn_traces WHERE synthetic',
      );
      expect(count).toBe(evalTurns.length);
    } finally {
      await shadow.destroy();
    }
  });
});
