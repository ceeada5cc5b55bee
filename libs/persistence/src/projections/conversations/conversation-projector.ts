import type { EventEnvelope } from '@support/contracts';
import type { EntityManager } from 'typeorm';
import { ConversationEntity, MessageEntity, TurnEntity } from './conversation-entities.js';
import { projectConversation } from './project-conversation.js';


/** Stores what `projectConversation` decides; runs inside the caller's (idempotent) transaction. */
export async function applyConversationEvent(manager: EntityManager, event: EventEnvelope): Promise<void> {
  // Normalise the clock so string comparisons of times are exact.
  const normalised = { ...event, occurredAt: new Date(event.occurredAt).toISOString() };
  if (!normalised.conversationId) return;
  // Serialise every event of one conversation: a row lock cannot guard a row that does not exist yet.
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [normalised.conversationId]);
  const conversation = await manager.findOne(ConversationEntity, { where: { id: normalised.conversationId } });
  const turn = normalised.turnId ? await manager.findOne(TurnEntity, { where: { id: normalised.turnId } }) : null;
  const changes = projectConversation(normalised, { conversation, turn });
  if (!changes) return;
  await manager.save(ConversationEntity, changes.conversation);
  if (changes.turn) await manager.save(TurnEntity, changes.turn);
  if (changes.message) await manager.upsert(MessageEntity, changes.message, ['id']);
}
