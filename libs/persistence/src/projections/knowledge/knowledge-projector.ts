import type { EventEnvelope } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { KnowledgeDraftEntity, KnowledgeGlossaryEntity } from './knowledge-entities.js';
import type { KnowledgeDraftState, KnowledgeGlossaryState } from './knowledge-model.js';
import {
  draftIdOf,
  glossaryNamespaceOf,
  projectDraft,
  projectGlossary,
} from './project-knowledge.js';

const CHUNK = 1_000;

/**
 * Stores what `projectDraft` and `projectGlossary` decide for a batch of events: reads the rows
 * they touch once, folds the events in memory in order, and writes each changed row once. Runs
 * inside the caller's (idempotent) transaction.
 */
export async function applyKnowledgeEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  // Normalise the clock so string comparisons of times are exact.
  const batch = events
    .filter((event) => draftIdOf(event) !== null || glossaryNamespaceOf(event) !== null)
    .map((event) => ({ ...event, occurredAt: new Date(event.occurredAt).toISOString() }));
  if (batch.length === 0) return;

  const draftIds = [...new Set(batch.map(draftIdOf).filter((id) => id !== null))].sort();
  const namespaces = [
    ...new Set(batch.map(glossaryNamespaceOf).filter((ns) => ns !== null)),
  ].sort();
  await lockKeys(manager, 'knowledge-draft:', draftIds);
  await lockKeys(manager, 'knowledge-glossary:', namespaces);

  const drafts = new Map<string, KnowledgeDraftState>();
  for (let i = 0; i < draftIds.length; i += CHUNK)
    for (const row of await manager.find(KnowledgeDraftEntity, {
      where: { draftId: In(draftIds.slice(i, i + CHUNK)) },
    }))
      drafts.set(row.draftId, row);
  const glossaries = new Map<string, KnowledgeGlossaryState>();
  if (namespaces.length > 0)
    for (const row of await manager.find(KnowledgeGlossaryEntity, {
      where: { namespace: In(namespaces) },
    }))
      glossaries.set(row.namespace, row);

  const changedDrafts = new Map<string, KnowledgeDraftState>();
  const changedGlossaries = new Map<string, KnowledgeGlossaryState>();
  for (const event of batch) {
    const draftId = draftIdOf(event);
    if (draftId !== null) {
      const next = projectDraft(event, drafts.get(draftId) ?? null);
      if (next) {
        drafts.set(draftId, next);
        changedDrafts.set(draftId, next);
      }
      continue;
    }
    const namespace = glossaryNamespaceOf(event)!;
    const next = projectGlossary(event, glossaries.get(namespace) ?? null);
    if (next && next !== glossaries.get(namespace)) {
      glossaries.set(namespace, next);
      changedGlossaries.set(namespace, next);
    }
  }
  await upsertRows(manager, KnowledgeDraftEntity, [...changedDrafts.values()]);
  await upsertRows(manager, KnowledgeGlossaryEntity, [...changedGlossaries.values()]);
}
