import type { DataSource } from 'typeorm';
import { ConversationEntity, MessageEntity } from './conversation-entities.js';
import type { ConversationState, MessageState } from './conversation-model.js';

/** Queries over the conversations projection (what the gateway shows a returning customer). */
export class ConversationReader {
  constructor(private readonly dataSource: DataSource) {}

  /** The conversation, whoever it belongs to: one read, so ownership is judged on one snapshot. */
  async find(conversationId: string): Promise<ConversationState | null> {
    return this.dataSource.manager.findOne(ConversationEntity, { where: { id: conversationId } });
  }

  async latestOf(customerId: string): Promise<ConversationState | null> {
    return this.dataSource.manager.findOne(ConversationEntity, {
      where: { customerId },
      order: { lastActivityAt: 'DESC', id: 'ASC' },
    });
  }

  /** The last `limit` messages, oldest first. */
  async history(conversationId: string, limit = 200): Promise<MessageState[]> {
    const newestFirst = await this.dataSource.manager.find(MessageEntity, {
      where: { conversationId },
      order: { occurredAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return newestFirst.reverse();
  }
}
