import type { BusConnection } from '@support/bus';
import { decodeEvent } from '@support/contracts';
import { schemaOf, storableText } from '@support/persistence';
import type { DataSource } from 'typeorm';
import type { CausationRecords } from './reply-causation.js';

/**
 * What the gateway's own projections recorded: the conversations projection's turns (a turn's
 * customer message sets `customer_message_id`; a reply alone never does), and any event its
 * projections folded (`processed_events` keeps its stream sequence), read back from the stream,
 * which is the authority on the event's conversation.
 */
export class RecordedCauses implements CausationRecords {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: BusConnection,
  ) {}

  private get schema(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  async conversationOfTurn(turnId: string): Promise<string | null> {
    const rows: { conversation_id: string }[] = await this.dataSource.query(
      `SELECT conversation_id FROM ${this.schema}.turns
       WHERE id = $1 AND customer_message_id IS NOT NULL`,
      [storableText(turnId)],
    );
    return rows[0]?.conversation_id ?? null;
  }

  /** The first agent reply the conversations projection recorded for the turn (human ones aside). */
  async answerOfTurn(turnId: string): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM ${this.schema}.messages WHERE turn_id = $1 AND role = 'agent'
       ORDER BY occurred_at, id LIMIT 1`,
      [storableText(turnId)],
    );
    return rows[0]?.id ?? null;
  }

  async recordedEvent(eventId: string) {
    const rows: { stream_sequence: string }[] = await this.dataSource.query(
      `SELECT stream_sequence FROM ${this.schema}.processed_events WHERE event_id = $1 LIMIT 1`,
      [storableText(eventId)],
    );
    if (!rows[0]) return null;
    const stored = await this.bus.jsm.streams.getMessage(this.bus.options.stream, {
      seq: Number(rows[0].stream_sequence),
    });
    if (!stored) return null;
    const event = decodeEvent(stored.data);
    return storableText(event.id) === storableText(eventId)
      ? { type: event.type, conversationId: event.conversationId }
      : null;
  }
}
