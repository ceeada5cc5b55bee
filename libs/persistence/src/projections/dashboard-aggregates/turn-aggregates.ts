import type { EntityManager } from 'typeorm';
import type { TurnState } from '../conversations/conversation-model.js';
import { type AggregateTable, monthlyRollup, updateAggregates } from './aggregate-table.js';
import { latencyBucketOf } from './latency-buckets.js';
import { utcDayOf } from './utc-day.js';

/** A finished turn's time from the customer message to the reply; holding notes are not answers. */
function latencyOf(turn: TurnState): { day: string; latencyMs: number; bucket: number } | null {
  if (turn.startedAt === null || turn.completedAt === null || turn.status === 'held') return null;
  const latencyMs = Date.parse(turn.completedAt) - Date.parse(turn.startedAt);
  return { day: utcDayOf(turn.startedAt), latencyMs, bucket: latencyBucketOf(latencyMs) };
}

/** Turns by the day they started and their status. */
export const turnCountsDaily: AggregateTable<TurnState> = {
  table: 'turn_counts_daily',
  keys: [
    { column: 'day', type: 'date' },
    { column: 'status', type: 'text' },
  ],
  counters: ['turns'],
  contributions: (turn) =>
    turn.startedAt === null ? [] : [{ key: [utcDayOf(turn.startedAt), turn.status], counts: [1] }],
};

/** The latency histogram by day (`latency-buckets.ts`): a few dozen rows a day. */
export const turnLatencyBucketsDaily: AggregateTable<TurnState> = {
  table: 'turn_latency_buckets_daily',
  keys: [
    { column: 'day', type: 'date' },
    { column: 'bucket', type: 'smallint' },
  ],
  counters: ['turns'],
  contributions: (turn) => {
    const latency = latencyOf(turn);
    return latency ? [{ key: [latency.day, latency.bucket], counts: [1] }] : [];
  },
};

/**
 * Turn latencies to the millisecond, by day and histogram bucket: an exact percentile reads the
 * latencies of the one bucket it falls in (indexed by bucket), never every turn of the period.
 */
export const turnLatenciesDaily: AggregateTable<TurnState> = {
  table: 'turn_latencies_daily',
  keys: [
    { column: 'day', type: 'date' },
    { column: 'bucket', type: 'smallint' },
    { column: 'latency_ms', type: 'bigint' },
  ],
  counters: ['turns'],
  contributions: (turn) => {
    const latency = latencyOf(turn);
    return latency ? [{ key: [latency.day, latency.bucket, latency.latencyMs], counts: [1] }] : [];
  },
};

export const turnLatencyBucketsMonthly = monthlyRollup(
  turnLatencyBucketsDaily,
  'turn_latency_buckets_monthly',
);
export const turnLatenciesMonthly = monthlyRollup(turnLatenciesDaily, 'turn_latencies_monthly');

export const TURN_AGGREGATES = [
  turnCountsDaily,
  turnLatencyBucketsDaily,
  turnLatencyBucketsMonthly,
  turnLatenciesDaily,
  turnLatenciesMonthly,
];

/** Moves the turns' contributions from their stored rows (`stored`) to their new ones. */
export function updateTurnAggregates(
  manager: EntityManager,
  stored: ReadonlyMap<string, TurnState>,
  changed: Iterable<TurnState>,
): Promise<void> {
  const changes = [...changed].map((turn) => [stored.get(turn.id) ?? null, turn] as const);
  return updateAggregates(manager, TURN_AGGREGATES, changes);
}
