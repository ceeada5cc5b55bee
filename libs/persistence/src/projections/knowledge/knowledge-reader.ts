import {
  type DocLanguage,
  DRAFT_LIMITS,
  type DraftOrigin,
  type EscalationReason,
  isSealed,
  type Language,
} from '@support/contracts';
import { type PersonalData, textOrErased } from '@support/privacy';
import { parseGlossaryText, type TermPair } from '@support/text';
import type { DataSource } from 'typeorm';
import { storableText } from '../../storable.js';
import { KnowledgeDraftEntity, KnowledgeGlossaryEntity } from './knowledge-entities.js';
import type { KnowledgeDraftState } from './knowledge-model.js';

/** An admin's reply as knowledge gaps read it (`GapReply` of @support/knowledge). */
export interface AnsweredReply {
  readonly escalationId: string;
  readonly adminId: string;
  readonly text: string;
  readonly at: string;
}

/** An answered avoidable escalation (`GapQuestion` of @support/knowledge). */
export interface AnsweredQuestion {
  readonly escalationId: string;
  readonly conversationId: string;
  readonly reason: EscalationReason;
  readonly language: Language;
  readonly topic: string | null;
  readonly question: string;
  /** The question as an event may quote it: sealed under the key of the customer who asked it. */
  readonly sealedQuestion: string;
  readonly openedAt: string;
  readonly replies: readonly AnsweredReply[];
}

/** A created draft (`KnowledgeDraft` of @support/knowledge). */
export interface DraftRecord {
  readonly draftId: string;
  readonly gapId: string;
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
  readonly examples: readonly string[];
  readonly escalationIds: readonly string[];
  readonly createdBy: string;
  readonly origin: DraftOrigin;
  readonly createdAt: string;
  readonly status: 'draft' | 'published' | 'discarded';
  readonly docId: string | null;
  readonly publishedBy: string | null;
  readonly publishedAt: string | null;
  readonly discardedBy: string | null;
  readonly discardedAt: string | null;
}

interface QuestionRow {
  escalation_id: string;
  customer_id: string;
  conversation_id: string;
  reason: EscalationReason;
  language: Language;
  topic: string | null;
  question: string;
  opened_at: Date;
  admin_id: string;
  text: string;
  replied_at: Date;
}

/**
 * What knowledge gaps are made of, read from the escalations and knowledge projections: the
 * `KnowledgeSources` port of @support/knowledge (which this lib does not depend on; the types
 * match it structurally).
 */
export class KnowledgeReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {}

  /**
   * Avoidable escalations with at least one admin reply (the reply's text stored), raised at or
   * after `since` (all when null), oldest first, each with its replies oldest first. Questions and
   * replies are stored sealed and read opened; a forgotten customer's escalations are left out.
   */
  async answeredAvoidable(since: Date | null): Promise<AnsweredQuestion[]> {
    const rows: QuestionRow[] = await this.dataSource.query(
      `SELECT e.escalation_id, e.customer_id, e.conversation_id, e.reason, e.language, e.topic, e.question,
              e.opened_at, r.admin_id, r.text, r.replied_at
         FROM escalations e
         JOIN escalation_replies r ON r.escalation_id = e.escalation_id
        WHERE e."group" = 'avoidable' AND e.replies > 0 AND e.raised_version <> ''
          AND ($1::timestamptz IS NULL OR e.opened_at >= $1::timestamptz)
        ORDER BY e.opened_at, e.escalation_id, r.replied_at, r.event_id`,
      [since?.toISOString() ?? null],
    );
    const questions: AnsweredQuestion[] = [];
    let current: { question: AnsweredQuestion; replies: AnsweredReply[] } | undefined;
    const erased = new Set<string>();
    for (const row of rows) {
      if (erased.has(row.escalation_id)) continue;
      if (current?.question.escalationId !== row.escalation_id) {
        const question = await this.personalData.openText(row.question);
        if (question.kind === 'erased') {
          erased.add(row.escalation_id);
          continue;
        }
        const replies: AnsweredReply[] = [];
        current = {
          replies,
          question: {
            escalationId: row.escalation_id,
            conversationId: row.conversation_id,
            reason: row.reason,
            language: row.language,
            topic: row.topic,
            // Made storable as the plaintext rows were (a NUL, a lone surrogate: U+FFFD).
            question: storableText(question.value),
            sealedQuestion: await this.sealedQuestionOf(row, question.value),
            openedAt: row.opened_at.toISOString(),
            replies,
          },
        };
        questions.push(current.question);
      }
      current.replies.push({
        escalationId: row.escalation_id,
        adminId: row.admin_id,
        text: storableText(textOrErased(await this.personalData.openText(row.text))),
        at: row.replied_at.toISOString(),
      });
    }
    return questions;
  }

  /**
   * A text that changes whenever what `answeredAvoidable`, `drafts` and `glossary(namespace)`
   * return changes: per table, the rows counted and a sum of a hash of each row's id and versions
   * (a topic relabelled changes its version, an admin reply the replies counted). One scan of the
   * avoidable escalations' few columns and of the drafts, no join and nothing sent back but the
   * stamp.
   */
  async gapsStamp(namespace: string): Promise<string> {
    const [row]: { stamp: string }[] = await this.dataSource.query(
      `SELECT concat_ws('|',
         (SELECT count(*) || ':' || coalesce(sum(replies), 0) || ':' ||
                 coalesce(sum(hashtext(escalation_id || '/' || topic_version)::bigint), 0)
            FROM escalations
           WHERE "group" = 'avoidable' AND replies > 0 AND raised_version <> ''),
         (SELECT count(*) || ':' ||
                 coalesce(sum(hashtext(draft_id || '/' || created_version || '/' || published_version
                                       || '/' || discarded_version)::bigint), 0)
            FROM knowledge_drafts),
         (SELECT 'glossary:' || version FROM knowledge_glossaries WHERE namespace = $1)) AS stamp`,
      [storableText(namespace)],
    );
    return row!.stamp;
  }

  /** Every created draft, whatever its status, oldest first. */
  async drafts(): Promise<DraftRecord[]> {
    const rows = await this.dataSource.manager.find(KnowledgeDraftEntity, {
      order: { createdAt: 'ASC', draftId: 'ASC' },
    });
    const drafts = await Promise.all(rows.map((row) => this.draftOf(row)));
    return drafts.flatMap((draft) => draft ?? []);
  }

  async draft(draftId: string): Promise<DraftRecord | null> {
    const row = await this.dataSource.manager.findOne(KnowledgeDraftEntity, {
      where: { draftId: storableText(draftId) },
    });
    return row ? this.draftOf(row) : null;
  }

  /** A stored personal field opened, made storable as a plaintext row was. */
  private async readable(value: string): Promise<string> {
    return storableText(await this.personalData.readable(value));
  }

  /** The stored question when sealed; an upcast version-1 question (`pd0`) sealed now. */
  private async sealedQuestionOf(row: QuestionRow, question: string): Promise<string> {
    if (isSealed(row.question)) return row.question;
    return this.personalData.sealText(row.customer_id, question);
  }

  /**
   * A draft as the use case sees it, its first title and examples opened (a forgotten customer's
   * read "[erased]"); null until its `kb.draft_created` has been folded.
   */
  private async draftOf(row: KnowledgeDraftState): Promise<DraftRecord | null> {
    if (row.createdVersion === '') return null;
    return {
      ...draftRecordOf(row),
      // A gap of questions without words is titled by its topic.
      title: (await this.readable(row.title!)).slice(0, DRAFT_LIMITS.titleChars) || row.topic!,
      examples: await Promise.all((row.examples ?? []).map((e) => this.readable(e))),
    };
  }

  /** A namespace's glossary pairs ('' names the default namespace); none without a glossary. */
  async glossary(namespace: string): Promise<TermPair[]> {
    const row = await this.dataSource.manager.findOne(KnowledgeGlossaryEntity, {
      where: { namespace: storableText(namespace) },
    });
    // The projection keeps only glossaries that parse.
    return row
      ? parseGlossaryText(row.body, `glossary of ${namespace || 'the default namespace'}`)
      : [];
  }
}

function draftRecordOf(row: KnowledgeDraftState): DraftRecord {
  return {
    draftId: row.draftId,
    gapId: row.gapId,
    title: row.title!,
    lang: row.lang!,
    topic: row.topic!,
    body: row.body!,
    examples: row.examples ?? [],
    escalationIds: row.escalationIds ?? [],
    createdBy: row.createdBy!,
    origin: row.origin!,
    createdAt: row.createdAt!,
    status: row.status,
    docId: row.docId,
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt,
    discardedBy: row.discardedBy,
    discardedAt: row.discardedAt,
  };
}
