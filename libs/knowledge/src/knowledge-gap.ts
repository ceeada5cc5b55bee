import type { DocLanguage, EscalationReason, Language } from '@support/contracts';

/** An admin's answer in a handoff thread (`escalation.admin_replied`). */
export interface GapReply {
  readonly escalationId: string;
  readonly adminId: string;
  readonly text: string;
  /** ISO time of the reply. */
  readonly at: string;
}

/**
 * An avoidable escalation (`below_score_floor`, `answer_validation_failed`, `rephrase_requested`) that an admin
 * answered: the material of knowledge gaps. Read from the escalations projection.
 */
export interface GapQuestion {
  readonly escalationId: string;
  readonly conversationId: string;
  readonly reason: EscalationReason;
  readonly language: Language;
  /** Null until the classifier labelled it; `unclassified` when it could not. */
  readonly topic: string | null;
  readonly question: string;
  /** The question as an event may quote it: sealed under the key of the customer who asked it. */
  readonly sealedQuestion: string;
  /** ISO time the escalation was raised. */
  readonly openedAt: string;
  /** Oldest first; at least one. */
  readonly replies: readonly GapReply[];
}

/** Where a gap stands: nobody drafted it, a draft waits for review, or an article closed it. */
export type GapStatus = 'open' | 'drafted' | 'closed';

/** Questions customers asked that the knowledge base could not answer and an admin did. */
export interface KnowledgeGap {
  /** The escalation id of its earliest question (stable as later questions join). */
  readonly gapId: string;
  readonly topic: string;
  /** Oldest first. */
  readonly questions: readonly GapQuestion[];
  /** How often it was asked: its questions. */
  readonly asked: number;
  readonly firstAskedAt: string;
  readonly lastAskedAt: string;
  readonly status: GapStatus;
  /** The draft waiting for review (status `drafted`), or the one published (`closed`). */
  readonly draftId: string | null;
  /** The article that closed it. */
  readonly docId: string | null;
  readonly closedAt: string | null;
}

/** A draft as the projection holds it: the latest of `kb.draft_*` for its id. */
export interface KnowledgeDraft {
  readonly draftId: string;
  readonly gapId: string;
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
  readonly examples: readonly string[];
  readonly escalationIds: readonly string[];
  readonly createdBy: string;
  readonly origin: 'console' | 'slack';
  readonly createdAt: string;
  readonly status: 'draft' | 'published' | 'discarded';
  readonly docId: string | null;
  readonly publishedBy: string | null;
  readonly publishedAt: string | null;
  readonly discardedBy: string | null;
  readonly discardedAt: string | null;
}
