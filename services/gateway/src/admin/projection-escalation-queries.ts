import { claimSequenceOf, ConversationReader, EscalationEntity } from '@support/persistence';
import { type DataSource, IsNull, Not } from 'typeorm';
import type { EscalationQueries } from './admin-console.js';
import type { AdminEscalationView, QueueFilter } from './admin-frames.js';

/** Open escalations from the escalations projection, with transcripts from the conversations one. */
export class ProjectionEscalationQueries implements EscalationQueries {
  private readonly conversations: ConversationReader;

  constructor(private readonly dataSource: DataSource) {
    this.conversations = new ConversationReader(dataSource);
  }

  /** The longest waiting first (opened earliest), each filter an exact match. */
  async openEscalations(filter: QueueFilter = {}): Promise<AdminEscalationView[]> {
    const rows = await this.dataSource.manager.find(EscalationEntity, {
      where: {
        resolvedAt: IsNull(),
        openedAt: Not(IsNull()),
        ...(filter.reason ? { reason: filter.reason } : {}),
        ...(filter.group ? { group: filter.group } : {}),
        ...(filter.topic ? { topic: filter.topic === 'pending' ? IsNull() : filter.topic } : {}),
        ...(filter.language ? { language: filter.language } : {}),
      },
      order: { openedAt: 'ASC', escalationId: 'ASC' },
      take: 200,
    });
    return Promise.all(
      rows.map(async (row) => ({
        escalationId: row.escalationId,
        conversationId: row.conversationId ?? '',
        customerId: row.customerId ?? '',
        reason: row.reason ?? '',
        group: row.group ?? '',
        topic: row.topic,
        language: row.language ?? 'en',
        question: row.question ?? '',
        openedAt: row.openedAt ?? '',
        chunks: row.chunks ?? [],
        claimedBy: row.claimedBy,
        claimedAt: row.claimedAt,
        claimSequence: claimSequenceOf(row.claimVersion),
        withdrawnAt: row.withdrawnAt,
        transcript: row.conversationId
          ? (await this.conversations.history(row.conversationId)).map(
              ({ role, kind, text, occurredAt }) => ({
                role,
                kind,
                text,
                at: occurredAt,
              }),
            )
          : [],
      })),
    );
  }

  async find(escalationId: string) {
    const row = await this.dataSource.manager.findOne(EscalationEntity, {
      where: { escalationId },
    });
    return row?.conversationId
      ? { conversationId: row.conversationId, open: row.resolvedAt === null }
      : null;
  }
}
