import type { DataSource } from 'typeorm';
import { storableText } from '../../storable.js';
import { TurnTraceEntity } from './turn-trace-entities.js';
import type { TurnTraceState } from './turn-trace-model.js';

/**
 * Queries over the turn_traces projection (the analyst's trace page and `cli trace`). Keys are made
 * storable as the rows were, so any id finds its row instead of failing the query.
 */
export class TurnTraceReader {
  constructor(private readonly dataSource: DataSource) {}

  async find(turnId: string): Promise<TurnTraceState | null> {
    return this.dataSource.manager.findOne(TurnTraceEntity, {
      where: { turnId: storableText(turnId) },
    });
  }

  /** The traces of a conversation's turns, oldest first. */
  async ofConversation(conversationId: string, limit = 200): Promise<TurnTraceState[]> {
    return this.dataSource.manager.find(TurnTraceEntity, {
      where: { conversationId: storableText(conversationId) },
      order: { messageAt: 'ASC', turnId: 'ASC' },
      take: limit,
    });
  }
}
