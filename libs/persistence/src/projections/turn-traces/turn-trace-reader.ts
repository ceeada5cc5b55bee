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
 * The trace as the analyst reads it: the customer's message, the reply, the draft and the
 * verdict's sentences opened (or "[erased]"), made storable as a plaintext row was.
 */
export async function openTurnTrace(
  personalData: PersonalData,
  trace: TurnTraceState,
): Promise<TurnTraceState> {
  const readable = async (value: string) => storableText(await personalData.readable(value));
  const opened = async (value: string | null) => (value === null ? null : readable(value));
  return {
    ...trace,
    customerMessage: await opened(trace.customerMessage),
    reply: trace.reply === null ? null : await openReplyLine(trace.reply, readable),
    draft: await opened(trace.draft),
    validation: trace.validation && {
      ...trace.validation,
      sentences: await Promise.all(
        trace.validation.sentences.map(async (sentence) => ({
          ...sentence,
          text: await readable(sentence.text),
          ...(sentence.problem !== undefined ? { problem: await readable(sentence.problem) } : {}),
        })),
      ),
    },
  };
}

/**
 * The reply as stored: its sealed text, then the options a clarifying question offered, a line
 * each (a sealed value holds no line break, so the first line is the text).
 */
async function openReplyLine(
  reply: string,
  readable: (value: string) => Promise<string>,
): Promise<string> {
  const [text = '', ...options] = reply.split('\n');
  return [await readable(text), ...options].join('\n');
}
