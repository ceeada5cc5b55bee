import { ForgottenCustomers } from './erase-forgotten.js';
import type { EventEnvelope } from '@support/contracts';
import { type EntityManager, In } from 'typeorm';
import { updateTurnAggregates } from '../dashboard-aggregates/turn-aggregates.js';
import { lockKeys } from '../lock-keys.js';
import { upsertRows } from '../upsert-rows.js';
import { ConversationEntity, MessageEntity, TurnEntity } from './conversation-entities.js';
import type { ConversationState, MessageState, TurnState } from './conversation-model.js';
import { projectConversation } from './project-conversation.js';

/**
 * Stores what `projectConversation` decides for a batch of events: reads the rows they touch once,
 * folds the events in memory in order, and writes each changed row once. Runs inside the caller's
 * (idempotent) transaction.
 */
export async function applyConversationEvents(
  manager: EntityManager,
  events: readonly EventEnvelope[],
): Promise<void> {
  // Normalise the clock so string comparisons of times are exact.
  const batch = events
    .filter((event) => event.conversationId)
    .map((event) => ({ ...event, occurredAt: new Date(event.occurredAt).toISOString() }));
  const forgotten = await ForgottenCustomers.of(manager, events);
  if (batch.length > 0) await foldConversations(manager, batch, forgotten);
  await forgotten.eraseStored(events);
}

async function foldConversations(
  manager: EntityManager,
  batch: readonly EventEnvelope[],
  forgotten: ForgottenCustomers,
): Promise<void> {
  const conversationIds = [...new Set(batch.map((e) => e.conversationId!))].sort();
  const turnIds = [...new Set(batch.flatMap((e) => (e.turnId ? [e.turnId] : [])))];

  await lockKeys(manager, '', conversationIds);
  const conversations = new Map(
    (await manager.find(ConversationEntity, { where: { id: In(conversationIds) } })).map((c) => [
      c.id,
      c,
    ]),
  );
  const turns = new Map(
    turnIds.length
      ? (await manager.find(TurnEntity, { where: { id: In(turnIds) } })).map((t) => [t.id, t])
      : [],
  );

  const storedTurns = new Map(turns);
  const changedConversations = new Map<string, ConversationState>();
  const changedTurns = new Map<string, TurnState>();
  const messages = new Map<string, MessageState>();
  for (const event of batch) {
    const changes = projectConversation(event, {
      conversation: conversations.get(event.conversationId!) ?? null,
      turn: event.turnId ? (turns.get(event.turnId) ?? null) : null,
    });
    if (!changes) continue;
    conversations.set(changes.conversation.id, changes.conversation);
    changedConversations.set(changes.conversation.id, changes.conversation);
    if (changes.turn) {
      turns.set(changes.turn.id, changes.turn);
      changedTurns.set(changes.turn.id, changes.turn);
    }
    if (changes.message) messages.set(changes.message.id, changes.message);
  }
  // Upserts (INSERT ... ON CONFLICT) write each row once, without reading it again.
  await upsertRows(manager, ConversationEntity, [...changedConversations.values()]);
  await upsertRows(manager, TurnEntity, [...changedTurns.values()]);
  await upsertRows(
    manager,
    MessageEntity,
    [...messages.values()].map((message) =>
      forgotten.stored(message, conversations.get(message.conversationId)?.customerId),
    ),
  );
  // The dashboard's daily counts move with the turns, in the same transaction.
  await updateTurnAggregates(manager, storedTurns, changedTurns.values());
}
