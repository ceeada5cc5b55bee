import type { TurnTraceState } from '../turn-traces/turn-trace-model.js';
import type { EntityManager } from 'typeorm';
import { type AggregateTable, updateAggregates } from './aggregate-table.js';
import { utcDayOf } from './utc-day.js';

/**
 * Retrieval legs lost to their deadline and reranker fail-opens, by the day of the customer
 * message. Evaluation traffic stays in the traces (for `cli trace`) but is not counted here.
 */
export const retrievalHealthDaily: AggregateTable<TurnTraceState> = {
  table: 'retrieval_health_daily',
  keys: [{ column: 'day', type: 'date' }],
  counters: ['leg_timeouts', 'rerank_fail_opens'],
  contributions: (row) =>
    row.synthetic || row.messageAt === null || row.retrieval === null
      ? []
      : [
          {
            key: [utcDayOf(row.messageAt)],
            counts: [
              row.retrieval.legs.filter((leg) => leg.status === 'timed_out').length,
              row.retrieval.rerank?.failOpen === true ? 1 : 0,
            ],
          },
        ],
};

export const TURN_TRACE_AGGREGATES = [retrievalHealthDaily];

/** Moves the traces' contributions from their stored rows (`stored`) to their new ones. */
export function updateTurnTraceAggregates(
  manager: EntityManager,
  stored: ReadonlyMap<string, TurnTraceState>,
  changed: Iterable<TurnTraceState>,
): Promise<void> {
  const changes = [...changed].map((row) => [stored.get(row.turnId) ?? null, row] as const);
  return updateAggregates(manager, TURN_TRACE_AGGREGATES, changes);
}
