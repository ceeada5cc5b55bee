import type { BusConnection } from '@support/bus';
import {
  MessageReceived,
  ReplySent,
  RerankCompleted,
  RerankRequested,
  RetrievalCompleted,
  RetrievalRequested,
} from '@support/contracts';
import { summarise } from './stats.js';

/** What the client saw of one turn, in wall-clock milliseconds (the services stamp wall time). */
export interface ObservedTurn {
  readonly turnId: string;
  /** The turn's position in its conversation, from 0. */
  readonly index: number;
  readonly sentAtMs: number;
  readonly receivedAtMs: number;
}

const CLIENT_SENT = 'client.sent';
const CLIENT_RECEIVED = 'client.received';

/** Each stage runs from one point of a turn to the next; client points are the bench's own clock. */
const STAGES: readonly (readonly [name: string, from: string, to: string])[] = [
  ['gateway_in', CLIENT_SENT, MessageReceived.type],
  ['agent_to_search', MessageReceived.type, RetrievalRequested.type],
  ['retrieval_legs', RetrievalRequested.type, RerankRequested.type],
  ['rerank_round_trip', RerankRequested.type, RerankCompleted.type],
  ['retrieval_after_rerank', RerankCompleted.type, RetrievalCompleted.type],
  ['retrieval_total', RetrievalRequested.type, RetrievalCompleted.type],
  ['agent_answer', RetrievalCompleted.type, ReplySent.type],
  ['gateway_out', ReplySent.type, CLIENT_RECEIVED],
  ['client_total', CLIENT_SENT, CLIENT_RECEIVED],
];

/**
 * The agent's own time in a turn: from the customer message to its search, and from the search's
 * answer to the reply. What lies between is retrieval's; the model's time is inside both spans.
 */
const AGENT_SPANS: readonly (readonly [from: string, to: string])[] = [
  [MessageReceived.type, RetrievalRequested.type],
  [RetrievalCompleted.type, ReplySent.type],
];

/**
 * Where the time of the observed turns went: reads their events back from the stream and
 * summarises each stage between consecutive `occurredAt` stamps (the first of each type per
 * turn). Timestamps are wall-clock milliseconds from processes on this host.
 */
export async function stageTimings(bus: BusConnection, turns: readonly ObservedTurn[]) {
  const points = new Map<string, Map<string, number>>(
    turns.map((t) => [
      t.turnId,
      new Map([
        [CLIENT_SENT, t.sentAtMs],
        [CLIENT_RECEIVED, t.receivedAtMs],
      ]),
    ]),
  );
  for await (const event of readStreamEvents(bus)) {
    const turn = event.turnId === null ? undefined : points.get(event.turnId);
    if (turn && !turn.has(event.type)) turn.set(event.type, Date.parse(event.occurredAt));
  }
  const stages: Record<string, ReturnType<typeof summarise>> = {};
  for (const [name, from, to] of STAGES) {
    const samples: number[] = [];
    for (const turn of points.values()) {
      const start = turn.get(from);
      const end = turn.get(to);
      if (start !== undefined && end !== undefined) samples.push(end - start);
    }
    stages[name] = summarise(samples);
  }
  const agentMsByTurn = new Map<string, number>();
  for (const [turnId, turn] of points) {
    const spans = AGENT_SPANS.map(([from, to]) => (turn.get(to) ?? NaN) - (turn.get(from) ?? NaN));
    if (spans.every(Number.isFinite))
      agentMsByTurn.set(
        turnId,
        spans.reduce((sum, ms) => sum + ms, 0),
      );
  }
  stages.agent_per_turn = summarise([...agentMsByTurn.values()]);
  return { stages, agentMsByTurn };
}

/**
 * Every event now in the stream, through an ordered consumer. Unfiltered: `filter_subjects` needs
 * nats-server 2.10, and the bench's stream holds little besides the turns.
 */
async function* readStreamEvents(bus: BusConnection) {
  const consumer = await bus.js.consumers.get(bus.options.stream);
  if ((await consumer.info()).num_pending === 0) return;
  const messages = await consumer.consume({ max_messages: 1_000 });
  try {
    for await (const message of messages) {
      yield message.json<{ type: string; turnId: string | null; occurredAt: string }>();
      if (message.info.pending === 0) break;
    }
  } finally {
    await messages.close();
  }
}
