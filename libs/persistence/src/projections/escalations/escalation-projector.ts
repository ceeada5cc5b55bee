import type { EventEnvelope } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { updateEscalationAggregates } from '../dashboard-aggregates/escalation-aggregates.js';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { EscalationEntity } from './escalation-entities.js';
import { EscalationReplyEntity, replyRowsOf } from './escalation-reply.js';
import type { EscalationState } from './escalation-model.js';
import { escalationIdOf, projectEscalation } from './project-escalation.js';

const CHUNK = 1_000;

/**
 * Stores what `projectEscalation` decides for a batch of events: reads the rows they touch once,
 * folds the events in memory in order, and writes each changed row once. Runs inside the caller's
 * (idempotent) transaction.
 */
export async function applyEscalationEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  // Normalise the clock so string comparisons of times are exact.
  const batch = events
    .filter((event) => escalationIdOf(event))
    .map((event) => ({ ...event, occurredAt: new Date(event.occurredAt).toISOString() }));
  if (batch.length === 0) return;
  const ids = [...new Set(batch.map((e) => escalationIdOf(e)!))].sort();

  await lockKeys(manager, 'escalation:', ids);
  const rows = new Map<string, EscalationState>();
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of await manager.find(EscalationEntity, {
      where: { escalationId: In(ids.slice(i, i + CHUNK)) },
    }))
      rows.set(row.escalationId, row);

  const stored = new Map(rows);
  const changed = new Map<string, EscalationState>();
  for (const event of batch) {
    const id = escalationIdOf(event)!;
    const next = projectEscalation(event, rows.get(id) ?? null);
    if (!next) continue;
    rows.set(id, next);
    changed.set(id, next);
  }
  // Upserts (INSERT ... ON CONFLICT) write each row once, without reading it again.
  await upsertRows(manager, EscalationEntity, [...changed.values()]);
  // Each admin reply's text, for the knowledge gaps (a row per event: folding it again is a no-op).
  await upsertRows(manager, EscalationReplyEntity, replyRowsOf(batch));
  // The dashboard's daily counts move with the rows, in the same transaction.
  await updateEscalationAggregates(manager, stored, changed.values());
}
