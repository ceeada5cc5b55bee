import type { DataSource } from 'typeorm';
import { schemaOf } from '../processed-events.js';
import { quoteIdentifier } from '../sql-identifier.js';
import { storableText } from '../storable.js';

/** An admin's reply as the channel that received it saw it (a Slack event, a console frame). */
export interface AdminReplyReceipt {
  readonly provider: string;
  readonly externalId: string;
  readonly escalationId: string;
  readonly conversationId: string;
  readonly receivedAt: Date;
}

/**
 * Receipts of the admin replies the system really received, written by the service that received
 * one (escalation: Slack events; gateway: the console) before it publishes
 * `escalation.admin_replied`. Whoever relays an admin reply to a customer checks its receipt
 * first: an event published straight on the bus has none.
 */
export class AdminReplyReceipts {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    return `${quoteIdentifier(schemaOf(this.dataSource))}.admin_reply_receipts`;
  }

  /** Idempotent: a retried delivery of the same reply keeps its first receipt. */
  async record(receipt: AdminReplyReceipt): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.table} (provider, external_id, escalation_id, conversation_id, received_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, external_id) DO NOTHING`,
      [
        receipt.provider,
        storableText(receipt.externalId),
        storableText(receipt.escalationId),
        storableText(receipt.conversationId),
        receipt.receivedAt,
      ],
    );
  }

  /** Whether this reply was received, for this escalation of this conversation. */
  async holds(reply: Omit<AdminReplyReceipt, 'receivedAt'>): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ${this.table} WHERE provider = $1 AND external_id = $2
         AND escalation_id = $3 AND conversation_id = $4`,
      [
        reply.provider,
        storableText(reply.externalId),
        storableText(reply.escalationId),
        storableText(reply.conversationId),
      ],
    );
    return rows.length > 0;
  }
}
