import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, EventPublisher, newEventId } from '@support/bus';
import {
  createEvent,
  type EscalationReason,
  EscalationRaised,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  RetrievalCompleted,
} from '@support/contracts';
import { escalationGroupOf } from '@support/policy';
import { startNatsServer, type TestNatsServer, uniqueName } from '@support/testing';
import { readGateOutcomes } from './read-gate-outcomes.js';
import { sweepWhatIf, whatIf } from './what-if.js';

const RERANK_FLOOR = 0.3;
const LEXICAL_FLOOR = 0.2;

interface TurnSpec {
  /** Gate of the last retrieval; null: retrieval unavailable (no gate). */
  gate: { kind: 'reranker' | 'lexical'; topScore: number | null } | null;
  /** Escalation for a reason other than the floor (the floor one follows from the gate). */
  otherReason?: Exclude<EscalationReason, 'below_score_floor'>;
  /** An earlier retrieval of the same turn that the last one supersedes. */
  earlier?: { kind: 'reranker' | 'lexical'; topScore: number | null };
}

/** ~30 turns: answered, below the floor (both kinds, null scores), and every other reason. */
function fixtureTurns(): TurnSpec[] {
  const specs: TurnSpec[] = [];
  const rerankScores = [0.91, 0.82, 0.64, 0.5, 0.41, 0.35, 0.3, 0.29, 0.22, 0.12, 0.05, null];
  for (const topScore of rerankScores) specs.push({ gate: { kind: 'reranker', topScore } });
  const lexicalScores = [0.6, 0.33, 0.21, 0.2, 0.19, 0.1, null];
  for (const topScore of lexicalScores) specs.push({ gate: { kind: 'lexical', topScore } });
  specs.push(
    { gate: null, otherReason: 'retrieval_unavailable' },
    { gate: null, otherReason: 'retrieval_unavailable' },
    { gate: { kind: 'reranker', topScore: 0.77 }, otherReason: 'answer_validation_failed' },
    { gate: { kind: 'lexical', topScore: 0.25 }, otherReason: 'answer_validation_failed' },
    { gate: { kind: 'reranker', topScore: 0.52 }, otherReason: 'agent_requested' },
    { gate: { kind: 'reranker', topScore: 0.58 }, otherReason: 'agent_requested' },
    // re-retrieved turns: only the last retrieval counts
    { gate: { kind: 'reranker', topScore: 0.66 }, earlier: { kind: 'reranker', topScore: 0.1 } },
    { gate: { kind: 'reranker', topScore: 0.14 }, earlier: { kind: 'reranker', topScore: 0.7 } },
    { gate: { kind: 'lexical', topScore: 0.45 }, earlier: { kind: 'reranker', topScore: null } },
    { gate: { kind: 'reranker', topScore: 0.38 } },
    { gate: { kind: 'lexical', topScore: 0.28 } },
  );
  return specs;
}

function turnEvents(
  spec: TurnSpec,
  index: number,
): { events: EventEnvelope[]; escalated: boolean } {
  const conversationId = newEventId();
  const turnId = newEventId();
  const correlationId = newEventId();
  let minute = index * 5;
  const meta = () => ({
    id: newEventId(),
    occurredAt: new Date(Date.UTC(2026, 11, 2, 9, 0) + minute++ * 60_000).toISOString(),
    conversationId,
    turnId,
    correlationId,
  });
  const retrieval = (gate: TurnSpec['gate']) => {
    const template = EXAMPLE_PAYLOADS['retrieval.completed'];
    const floor = gate?.kind === 'lexical' ? LEXICAL_FLOOR : RERANK_FLOOR;
    const passed = gate !== null && gate.topScore !== null && gate.topScore >= floor;
    const payload = gate
      ? {
          ...template,
          requestId: newEventId(),
          verdict: passed ? 'ok' : 'below_score_floor',
          rerank: {
            scorer: gate.kind === 'reranker' ? 'cross_encoder' : 'lexical',
            failOpen: false,
            scores:
              gate.topScore === null ? [] : [{ chunkId: 'returns-retail#2', score: gate.topScore }],
            latencyMs: 10,
          },
          gate: { kind: gate.kind, floor, topScore: gate.topScore, passed },
        }
      : {
          ...template,
          requestId: newEventId(),
          verdict: 'retrieval_unavailable',
          rerank: undefined,
          gate: undefined,
          chunks: [],
          fused: [],
        };
    return { event: createEvent(RetrievalCompleted, payload as never, meta()), passed };
  };

  const events: EventEnvelope[] = [
    createEvent(
      MessageReceived,
      { ...EXAMPLE_PAYLOADS['conversation.message_received'], messageId: newEventId() } as never,
      meta(),
    ),
  ];
  if (spec.earlier) events.push(retrieval(spec.earlier).event);
  const last = retrieval(spec.gate);
  events.push(last.event);
  const reason: EscalationReason | null =
    spec.otherReason ?? (last.passed ? null : 'below_score_floor');
  const reply = (kind: string) =>
    createEvent(
      ReplySent,
      { ...EXAMPLE_PAYLOADS['agent.reply_sent'], replyId: newEventId(), kind } as never,
      meta(),
    );
  if (reason === null) events.push(reply('answer'));
  else
    events.push(
      reply('abstention'),
      createEvent(
        EscalationRaised,
        {
          ...EXAMPLE_PAYLOADS['escalation.raised'],
          escalationId: newEventId(),
          reason,
          group: escalationGroupOf(reason),
        } as never,
        meta(),
      ),
    );
  return { events, escalated: reason !== null };
}

describe('what-if over a fixture stream', () => {
  let nats: TestNatsServer;
  let bus: BusConnection;
  let liveEscalations = 0;
  let turnCount = 0;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await BusConnection.open({
      name: 'what-if-test',
      servers: nats.url,
      stream: uniqueName('WHATIF'),
      maxDeliver: 5,
      ackWaitMs: 5_000,
      publishTimeoutMs: 10_000,
      backoffMs: [20],
      duplicateWindowMs: 60_000,
      replicas: 1,
    });
    const publisher = new EventPublisher(bus);
    const specs = fixtureTurns();
    turnCount = specs.length;
    for (const [index, spec] of specs.entries()) {
      const { events, escalated } = turnEvents(spec, index);
      if (escalated) liveEscalations += 1;
      await publisher.publishAll(events);
    }
    // The same turns again as evaluation traffic (`cli eval`): the what-if of the live log skips it.
    for (const [index, spec] of specs.entries())
      await publisher.publishAll(
        turnEvents(spec, specs.length + index).events.map((e) => ({ ...e, synthetic: true })),
      );
  });

  afterAll(async () => {
    await bus.close();
    await nats.stop();
  });

  it('the what-if at the recorded floors reproduces the live escalation count exactly', async () => {
    const turns = await readGateOutcomes(bus);
    expect(turnCount).toBeGreaterThanOrEqual(30);
    expect(turns).toHaveLength(turnCount);
    expect(liveEscalations).toBe(15);

    const atRecorded = whatIf(turns, {});
    expect(atRecorded.liveEscalated).toBe(liveEscalations);
    expect(atRecorded.escalated).toBe(liveEscalations);
    expect(atRecorded.newlyEscalated).toEqual([]);
    expect(atRecorded.newlyAnswered).toEqual([]);

    const atExplicit = whatIf(turns, { reranker: RERANK_FLOOR, lexical: LEXICAL_FLOOR });
    expect(atExplicit.escalated).toBe(liveEscalations);
    expect(atExplicit.newlyEscalated).toEqual([]);
    expect(atExplicit.newlyAnswered).toEqual([]);

    // the last retrieval of a re-retrieved turn decides
    const reRetrieved = turns.filter((t) => t.topScore === 0.66 || t.topScore === 0.14);
    expect(reRetrieved.map((t) => t.escalationReason).sort()).toEqual(['below_score_floor', null]);
  });

  it('the sweep over the log is monotone and matches the live count at the live floor', async () => {
    const turns = await readGateOutcomes(bus);
    const rows = sweepWhatIf(turns, 0, 1, 0.05, 'reranker');
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.escalated).toBeGreaterThanOrEqual(rows[i - 1]!.escalated);
    expect(rows.find((r) => r.floor === RERANK_FLOOR)!.escalated).toBe(liveEscalations);
  });
});
