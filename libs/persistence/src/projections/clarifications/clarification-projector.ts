import { EscalationRaised, type EventEnvelope, isEvent } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { ClarificationEntity } from './clarification-entities.js';
import type { ClarificationState } from './clarification-model.js';
import { newClarification, offerTurnIdOf, projectClarification } from './project-clarification.js';

/**
 * Stores what `projectClarification` decides for a batch: the rows the batch names are read once
 * (an escalation finds its clarification by the answer's turn, in the batch or in the table),
 * folded in order, and each changed row written once, inside the caller's idempotent transaction.
 */
export async function applyClarificationEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  const batch = events.map((event) => ({
    ...event,
    occurredAt: new Date(event.occurredAt).toISOString(),
  }));
  const offerIds = [...new Set(batch.map(offerTurnIdOf).filter((id) => id !== null))].sort();
  const escalatedTurns = [
    ...new Set(
      batch
        .filter((event) => isEvent(event, EscalationRaised) && event.turnId)
        .map((event) => event.turnId!),
    ),
  ];
  const rows = new Map<string, ClarificationState>();
  const byChoiceTurn = new Map<string, string>();
  const remember = (row: ClarificationState) => {
    rows.set(row.offerTurnId, row);
    if (row.choiceTurnId) byChoiceTurn.set(row.choiceTurnId, row.offerTurnId);
  };
  if (escalatedTurns.length > 0)
    for (const row of await manager.find(ClarificationEntity, {
      where: { choiceTurnId: In(escalatedTurns) },
    }))
      remember(row);
  const missing = offerIds.filter((id) => !rows.has(id));
  if (missing.length > 0)
    for (const row of await manager.find(ClarificationEntity, {
      where: { offerTurnId: In(missing) },
    }))
      remember(row);
  await lockKeys(manager, 'clarification:', [...new Set([...offerIds, ...rows.keys()])].sort());

  const changed = new Map<string, ClarificationState>();
  for (const event of batch) {
    const offerTurnId =
      offerTurnIdOf(event) ?? (event.turnId ? byChoiceTurn.get(event.turnId) : undefined);
    if (!offerTurnId) continue;
    const before = rows.get(offerTurnId) ?? newClarification(offerTurnId);
    const after = projectClarification(event, before);
    if (after === before) continue;
    remember(after);
    changed.set(offerTurnId, after);
  }
  await upsertRows(manager, ClarificationEntity, [...changed.values()]);
}
