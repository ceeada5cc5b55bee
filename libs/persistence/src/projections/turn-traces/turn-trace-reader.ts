import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';
import { storableText } from '../../storable.js';
import { TurnTraceEntity } from './turn-trace-entities.js';
import type { TurnTraceState } from './turn-trace-model.js';

/**
 * Queries over the turn_traces projection (the analyst's trace page and `cli trace`). Keys are made
 * storable as the rows were, so any id finds its row instead of failing the query.
 */
export class TurnTraceReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {}

  async find(turnId: string): Promise<TurnTraceState | null> {
    const trace = await this.dataSource.manager.findOne(TurnTraceEntity, {
      where: { turnId: storableText(turnId) },
    });
    return trace && openTurnTrace(this.personalData, trace);
  }

  /** The traces of a conversation's turns, oldest first. */
  async ofConversation(conversationId: string, limit = 200): Promise<TurnTraceState[]> {
    const traces = await this.dataSource.manager.find(TurnTraceEntity, {
      where: { conversationId: storableText(conversationId) },
      order: { messageAt: 'ASC', turnId: 'ASC' },
      take: limit,
    });
    return Promise.all(traces.map((trace) => openTurnTrace(this.personalData, trace)));
  }
}

/**
 * The trace as the analyst reads it: the customer's message opened (or "[erased]"), made storable
 * as a plaintext row was.
 */
export async function openTurnTrace(
  personalData: PersonalData,
  trace: TurnTraceState,
): Promise<TurnTraceState> {
  return trace.customerMessage === null
    ? trace
    : {
        ...trace,
        customerMessage: storableText(await personalData.readable(trace.customerMessage)),
      };
}
