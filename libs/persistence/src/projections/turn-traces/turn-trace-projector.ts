import type { EventEnvelope } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { updateTurnTraceAggregates } from '../dashboard-aggregates/retrieval-health-aggregates.js';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { TurnTraceEntity } from './turn-trace-entities.js';
import type { TurnTraceState } from './turn-trace-model.js';
import { projectTurnTrace, turnIdOf } from './project-turn-trace.js';

const CHUNK = 1_000;

/**
 * Stores what `projectTurnTrace` decides for a batch of events: reads the rows they touch once,
 * folds the events in memory in order, and writes each changed row once. Runs inside the caller's
 * (idempotent) transaction.
 */
export async function applyTurnTraceEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  // Normalise the clock so string comparisons of times are exact.
  const batch = events
    .filter((event) => turnIdOf(event))
    .map((event) => ({ ...event, occurredAt: new Date(event.occurredAt).toISOString() }));
  if (batch.length === 0) return;
  const ids = [...new Set(batch.map((e) => turnIdOf(e)!))].sort();

  await lockKeys(manager, 'turn_trace:', ids);
  const rows = new Map<string, TurnTraceState>();
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of await manager.find(TurnTraceEntity, {
      where: { turnId: In(ids.slice(i, i + CHUNK)) },
    }))
      rows.set(row.turnId, row);

  const stored = new Map(rows);
  const changed = new Map<string, TurnTraceState>();
  for (const event of batch) {
    const id = turnIdOf(event)!;
    const next = projectTurnTrace(event, rows.get(id) ?? null);
    if (!next) continue;
    rows.set(id, next);
    changed.set(id, next);
  }
  // Upserts (INSERT ... ON CONFLICT) write each row once, without reading it again.
  await upsertRows(manager, TurnTraceEntity, [...changed.values()]);
  // The dashboard's daily counts move with the rows, in the same transaction.
  await updateTurnTraceAggregates(manager, stored, changed.values());
}
