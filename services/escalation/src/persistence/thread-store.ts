import type { EscalationGroup, EscalationReason } from '@support/contracts';
import { schemaOf, storableValue } from '@support/persistence';
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
  resolved_at: Date | null;
  withdrawn_at: Date | null;
  reason: EscalationReason | null;
  escalation_group: EscalationGroup | null;
}

/**
 * Every parameter may come from an event (ids, customer ids) and is made storable, in writes and
 * lookups alike, so a key finds the row it wrote. Replacement is idempotent: an id read back from
 * these tables and sent on in an event maps to the same rows again.
 */
function query<T>(on: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T> {
  return on.query(sql, storableValue(params));
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
  resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
  withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at) : null,
  reason: r.reason ?? null,
  group: r.escalation_group ?? null,
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
      await query(manager, `SELECT pg_advisory_xact_lock(hashtext('escalation:' || $1))`, [
        conversationId,
      ]);
      return work(new ThreadTransaction(manager, this.s));
    });
  }

  async findByEscalation(escalationId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await query(
      this.dataSource,
      `SELECT * FROM ${this.s}.escalation_threads WHERE escalation_id = $1`,
      [escalationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The latest escalation whose thread this is. */
  async findByThread(channel: string, threadId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await query(
      this.dataSource,
      `SELECT * FROM ${this.s}.escalation_threads WHERE channel = $1 AND thread_id = $2
       ORDER BY raised_at DESC LIMIT 1`,
      [channel, threadId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * The escalation a message of a thread belongs to: the latest one raised before it was posted
   * (a conversation's later escalations reuse its thread), or the thread's first one when the
   * message is older than all of them (clocks disagree).
   */
  async findByThreadMessage(
    channel: string,
    threadId: string,
    postedAt: Date,
  ): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await query(
      this.dataSource,
      `SELECT * FROM ${this.s}.escalation_threads WHERE channel = $1 AND thread_id = $2
       ORDER BY (raised_at <= $3) DESC,
                CASE WHEN raised_at <= $3 THEN raised_at END DESC NULLS LAST,
                raised_at ASC
       LIMIT 1`,
      [channel, threadId, postedAt],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The escalation's first admin reply resolved it: the earliest one counts, whichever came first. */
  async markResolved(escalationId: string, at: Date): Promise<void> {
    await query(
      this.dataSource,
      `UPDATE ${this.s}.escalation_threads
       SET resolved_at = LEAST(COALESCE(resolved_at, $2), $2) WHERE escalation_id = $1`,
      [escalationId, at],
    );
  }

  async hasSeenReply(externalId: string): Promise<boolean> {
    const rows: unknown[] = await query(
      this.dataSource,
      `SELECT 1 FROM ${this.s}.escalation_admin_replies_seen WHERE external_id = $1`,
      [externalId],
    );
    return rows.length > 0;
  }

  async markReplySeen(externalId: string, escalationId: string, at: Date): Promise<void> {
    await query(
      this.dataSource,
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
    const rows: ThreadSqlRow[] = await query(
      this.manager,
      `SELECT * FROM ${this.s}.escalation_threads WHERE escalation_id = $1`,
      [escalationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The conversation's latest thread, if it has one. */
  async latestForConversation(conversationId: string): Promise<EscalationThreadRow | null> {
    const rows: ThreadSqlRow[] = await query(
      this.manager,
      `SELECT * FROM ${this.s}.escalation_threads WHERE conversation_id = $1
       ORDER BY raised_at DESC LIMIT 1`,
      [conversationId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async markResolved(escalationId: string, at: Date): Promise<void> {
    await query(
      this.manager,
      `UPDATE ${this.s}.escalation_threads
       SET resolved_at = LEAST(COALESCE(resolved_at, $2), $2) WHERE escalation_id = $1`,
      [escalationId, at],
    );
  }

  /** The customer withdrew the escalation: the earliest withdrawal counts. */
  async markWithdrawn(escalationId: string, at: Date): Promise<void> {
    await query(
      this.manager,
      `UPDATE ${this.s}.escalation_threads
       SET withdrawn_at = LEAST(COALESCE(withdrawn_at, $2), $2) WHERE escalation_id = $1`,
      [escalationId, at],
    );
  }

  /**
   * Claims the right to post a notice in a thread: true the first time for (notice, subject), so
   * the bot says each thing once. Rolled back with the transaction when the post fails.
   */
  async claimNotice(
    channel: string,
    threadId: string,
    notice: string,
    subject: string,
    at: Date,
  ): Promise<boolean> {
    const rows: unknown[] = await query(
      this.manager,
      `INSERT INTO ${this.s}.escalation_thread_notices (channel, thread_id, notice, subject, posted_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
      [channel, threadId, notice, subject, at],
    );
    return rows.length > 0;
  }

  /** A new thread is not resolved (nor withdrawn) yet. */
  async insertThread(row: Omit<EscalationThreadRow, 'resolvedAt' | 'withdrawnAt'>): Promise<void> {
    await query(
      this.manager,
      `INSERT INTO ${this.s}.escalation_threads
         (escalation_id, conversation_id, customer_id, provider, channel, thread_id, raised_at,
          opened_at, reason, escalation_group)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (escalation_id) DO NOTHING`,
      [
        row.escalationId,
        row.conversationId,
        row.customerId,
        row.provider,
        row.channel,
        row.threadId,
        row.raisedAt,
        row.openedAt,
        row.reason,
        row.group,
      ],
    );
  }

  async wasRelayed(messageId: string): Promise<boolean> {
    const rows: unknown[] = await query(
      this.manager,
      `SELECT 1 FROM ${this.s}.escalation_relayed_messages WHERE message_id = $1`,
      [messageId],
    );
    return rows.length > 0;
  }

  async markRelayed(messageId: string, escalationId: string, at: Date): Promise<void> {
    await query(
      this.manager,
      `INSERT INTO ${this.s}.escalation_relayed_messages (message_id, escalation_id, relayed_at)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [messageId, escalationId, at],
    );
  }
}
