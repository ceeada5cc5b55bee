import type { EventEnvelope } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { ClarificationEntity } from './clarification-entities.js';
import type { ClarificationState } from './clarification-model.js';
import { newClarification, offerTurnIdOf, projectClarification } from './project-clarification.js';

const CHUNK = 1_000;

/**
 * Stores what `projectClarification` decides for a batch: the rows the batch names are read once,
 * folded in order, and each changed row written once, inside the caller's idempotent transaction.
 */
export async function applyClarificationEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  const batch = events
    .filter((event) => offerTurnIdOf(event) !== null)
    .map((event) => ({ ...event, occurredAt: new Date(event.occurredAt).toISOString() }));
  if (batch.length === 0) return;
  const ids = [...new Set(batch.map((event) => offerTurnIdOf(event)!))].sort();
  await lockKeys(manager, 'clarification:', ids);
  const rows = new Map<string, ClarificationState>();
  for (let i = 0; i < ids.length; i += CHUNK)
    for (const row of await manager.find(ClarificationEntity, {
      where: { offerTurnId: In(ids.slice(i, i + CHUNK)) },
    }))
      rows.set(row.offerTurnId, row);
  const changed = new Map<string, ClarificationState>();
  for (const event of batch) {
    const id = offerTurnIdOf(event)!;
    const next = projectClarification(event, rows.get(id) ?? newClarification(id));
    rows.set(id, next);
    changed.set(id, next);
  }
  await upsertRows(manager, ClarificationEntity, [...changed.values()]);
}
