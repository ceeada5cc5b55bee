import { schemaOf } from '@support/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import type { EscalationThreadRow } from './thread-entities.js';

interface ThreadSqlRow {
  escalation_id: string;
  conversation_id: string;
  customer_id: string;
  provider: 'slack' | 'console';
  channel: string;
  thread_id: string;
  raised_at: Date;
  opened_at: Date;
}

const toRow = (r: ThreadSqlRow): EscalationThreadRow => ({
  escalationId: r.escalation_id,
  conversationId: r.conversation_id,
  customerId: r.customer_id,
  provider: r.provider,
  channel: r.channel,
  threadId: r.thread_id,
  raisedAt: new Date(r.raised_at),
  openedAt: new Date(r.opened_at),
});

/**
 * The escalation service's tables. `withConversationLock` serialises the work on one conversation
 * (a transaction-scoped advisory lock), so a redelivery running beside a slow first attempt waits
 * for it and then sees its row instead of opening a second thread.
 */
export class ThreadStore {
  constructor(private readonly dataSource: DataSource) {}

  private get s(): string {
    return `"${schemaOf(this.dataSource)}"`;
  }

  withConversationLock<T>(
    conversationId: string,
    work: (tx: ThreadTransaction) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('escalation:' || $1))`, [
        conversationId,
      ]);
      return work(new ThreadTransaction(manager, this.s));
    });
  }

  async findByEscalation(escalationId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await this.dataSource.query(
      `SELECT * FROM ${this.s}.escalation_threads WHERE escalation_id = $1`,
      [escalationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The latest escalation whose thread this is. */
  async findByThread(channel: string, threadId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await this.dataSource.query(
      `SELECT * FROM ${this.s}.escalation_threads WHERE channel = $1 AND thread_id = $2
       ORDER BY raised_at DESC LIMIT 1`,
      [channel, threadId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async hasSeenReply(externalId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ${this.s}.escalation_admin_replies_seen WHERE external_id = $1`,
      [externalId],
    );
    return rows.length > 0;
  }

  async markReplySeen(externalId: string, escalationId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.s}.escalation_admin_replies_seen (external_id, escalation_id, received_at)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [externalId, escalationId, at],
    );
  }
}

/** Queries inside one conversation's locked transaction. */
export class ThreadTransaction {
  constructor(
    private readonly manager: EntityManager,
    private readonly s: string,
  ) {}

  async findByEscalation(escalationId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await this.manager.query(
      `SELECT * FROM ${this.s}.escalation_threads WHERE escalation_id = $1`,
      [escalationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The conversation's latest thread, if it has one. */
  async latestForConversation(conversationId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await this.manager.query(
      `SELECT * FROM ${this.s}.escalation_threads WHERE conversation_id = $1
       ORDER BY raised_at DESC LIMIT 1`,
      [conversationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async insertThread(row: EscalationThreadRow): Promise<void> {
    await this.manager.query(
      `INSERT INTO ${this.s}.escalation_threads
         (escalation_id, conversation_id, customer_id, provider, channel, thread_id, raised_at, opened_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (escalation_id) DO NOTHING`,
      [
        row.escalationId,
        row.conversationId,
        row.customerId,
        row.provider,
        row.channel,
        row.threadId,
        row.raisedAt,
        row.openedAt,
      ],
    );
  }

  async wasRelayed(messageId: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM ${this.s}.escalation_relayed_messages WHERE message_id = $1`,
      [messageId],
    );
    return rows.length > 0;
  }

  async markRelayed(messageId: string, escalationId: string, at: Date): Promise<void> {
    await this.manager.query(
      `INSERT INTO ${this.s}.escalation_relayed_messages (message_id, escalation_id, relayed_at)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [messageId, escalationId, at],
    );
  }
}
