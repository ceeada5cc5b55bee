import type { EntityManager } from 'typeorm';
import type { EscalationState } from '../escalations/escalation-model.js';
import {
  type AggregateTable,
  type Contribution,
  monthlyRollup,
  updateAggregates,
} from './aggregate-table.js';
import { utcDayOf } from './utc-day.js';

/** Escalations not classified yet count under this topic, as the dashboard has always shown them. */
export const PENDING_TOPIC = 'pending';

/** An escalation counts from its `escalation.raised` on, on the day it was opened. */
function counted(
  row: EscalationState,
  contribution: (
    row: EscalationState & { reason: string; group: string },
    day: string,
  ) => Contribution,
): Contribution[] {
  if (row.openedAt === null || row.reason === null || row.group === null) return [];
  return [
    contribution(
      row as EscalationState & { reason: string; group: string },
      utcDayOf(row.openedAt),
    ),
  ];
}

/** Escalations by the day they were opened, reason and group, and how many the customer withdrew. */
export const escalationReasonsDaily: AggregateTable<EscalationState> = {
  table: 'escalation_reasons_daily',
  keys: [
    { column: 'day', type: 'date' },
    { column: 'reason', type: 'text' },
    { column: 'group', type: 'text' },
  ],
  counters: ['escalations', 'withdrawn'],
  contributions: (row) =>
    counted(row, (r, day) => ({
      key: [day, r.reason, r.group],
      counts: [1, r.withdrawnAt === null ? 0 : 1],
    })),
};

/** Escalations by the day they were opened, topic (or `pending`) and group. */
export const escalationTopicsDaily: AggregateTable<EscalationState> = {
  table: 'escalation_topics_daily',
  keys: [
    { column: 'day', type: 'date' },
    { column: 'topic', type: 'text' },
    { column: 'group', type: 'text' },
  ],
  counters: ['escalations'],
  contributions: (row) =>
    counted(row, (r, day) => ({ key: [day, r.topic ?? PENDING_TOPIC, r.group], counts: [1] })),
};

export const escalationTopicsMonthly = monthlyRollup(
  escalationTopicsDaily,
  'escalation_topics_monthly',
);

export const ESCALATION_AGGREGATES = [
  escalationReasonsDaily,
  escalationTopicsDaily,
  escalationTopicsMonthly,
];

/** Moves the escalations' contributions from their stored rows (`stored`) to their new ones. */
export function updateEscalationAggregates(
  manager: EntityManager,
  stored: ReadonlyMap<string, EscalationState>,
  changed: Iterable<EscalationState>,
): Promise<void> {
  const changes = [...changed].map((row) => [stored.get(row.escalationId) ?? null, row] as const);
  return updateAggregates(manager, ESCALATION_AGGREGATES, changes);
}
