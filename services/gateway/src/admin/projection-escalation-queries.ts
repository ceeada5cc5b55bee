import {
  claimSequenceOf,
  ConversationReader,
  EscalationEntity,
  storableText,
} from '@support/persistence';
import type { PersonalData } from '@support/privacy';
import { type DataSource, IsNull, Not } from 'typeorm';
import type { EscalationQueries } from './admin-console.js';
import type { AdminEscalationView, QueueFilter } from './admin-frames.js';

const STATUS_WHERE = {
  open: { resolvedAt: IsNull(), withdrawnAt: IsNull() },
  withdrawn: { resolvedAt: IsNull(), withdrawnAt: Not(IsNull()) },
  resolved: { resolvedAt: Not(IsNull()) },
} as const;

/** Escalations from the escalations projection, with transcripts from the conversations one. */
export class ProjectionEscalationQueries implements EscalationQueries {
  private readonly conversations: ConversationReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {
    this.conversations = new ConversationReader(dataSource, personalData);
  }

  /** Each filter an exact match; waiting ones the longest waiting first, resolved ones the latest. */
  async escalations(filter: QueueFilter = {}): Promise<AdminEscalationView[]> {
    const status = filter.status ?? 'open';
    const rows = await this.dataSource.manager.find(EscalationEntity, {
      where: {
        ...STATUS_WHERE[status],
        openedAt: Not(IsNull()),
        ...(filter.reason ? { reason: filter.reason } : {}),
        ...(filter.group ? { group: filter.group } : {}),
        ...(filter.topic ? { topic: filter.topic === 'pending' ? IsNull() : filter.topic } : {}),
        ...(filter.language ? { language: filter.language } : {}),
      },
      order:
        status === 'resolved'
          ? { resolvedAt: 'DESC', escalationId: 'ASC' }
          : { openedAt: 'ASC', escalationId: 'ASC' },
      take: 200,
    });
    return Promise.all(
      rows.map(async (row) => ({
        status: row.resolvedAt ? 'resolved' : row.withdrawnAt ? 'withdrawn' : 'open',
        resolvedAt: row.resolvedAt,
        escalationId: row.escalationId,
        conversationId: row.conversationId ?? '',
        customerId: row.customerId ?? '',
        reason: row.reason ?? '',
        group: row.group ?? '',
        topic: row.topic,
        language: row.language ?? 'en',
        // Stored sealed: opened for the admin ("[erased]" once the customer is forgotten), made
        // storable as the plaintext rows were.
        question: storableText(await this.personalData.readable(row.question ?? '')),
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
    return row?.conversationId && row.customerId
      ? {
          conversationId: row.conversationId,
          customerId: row.customerId,
          open: row.resolvedAt === null,
        }
      : null;
  }
}
