import type { DataSource } from 'typeorm';
import { TurnTraceEntity } from './turn-trace-entities.js';
import type { TurnTraceState } from './turn-trace-model.js';

/** Queries over the turn_traces projection (the analyst's trace page and `cli trace`). */
export class TurnTraceReader {
  constructor(private readonly dataSource: DataSource) {}

  async find(turnId: string): Promise<TurnTraceState | null> {
    return this.dataSource.manager.findOne(TurnTraceEntity, { where: { turnId } });
  }

  /** The traces of a conversation's turns, oldest first. */
  async ofConversation(conversationId: string, limit = 200): Promise<TurnTraceState[]> {
    return this.dataSource.manager.find(TurnTraceEntity, {
      where: { conversationId },
      order: { messageAt: 'ASC', turnId: 'ASC' },
      take: limit,
    });
  }
}
