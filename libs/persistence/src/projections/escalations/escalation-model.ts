import type {
  EscalationGroup,
  EscalationReason,
  EscalationTopic,
  Language,
} from '@support/contracts';

export interface EscalationChunk {
  chunkId: string;
  score: number;
}

/**
 * A row of the escalations projection (plain data; the ORM entity mirrors it). Events may arrive in
 * any order, so every field the `escalation.raised` event carries is null until it has arrived.
 */
export interface EscalationState {
  escalationId: string;
  conversationId: string | null;
  customerId: string | null;
  turnId: string | null;
  reason: EscalationReason | null;
  group: EscalationGroup | null;
  language: Language | null;
  question: string | null;
  /** The chunks the reranker chose, with their scores. */
  chunks: EscalationChunk[] | null;
  ordersMentioned: string[] | null;
  /** occurredAt of `escalation.raised`. */
  openedAt: string | null;
  /** `occurredAt|eventId` of the raised event whose fields the row holds (the earliest wins). */
  raisedVersion: string;
  /** Null until classified; `unclassified` when the classifier fell back. */
  topic: EscalationTopic | null;
  classifier: 'llm' | 'rules' | 'fallback' | null;
  /** `rank|occurredAt|eventId` of the classification held: a real label beats a fallback, then latest. */
  topicVersion: string;
  provider: 'slack' | 'console' | null;
  channel: string | null;
  threadId: string | null;
  /** When the first handoff thread was opened. */
  threadOpenedAt: string | null;
  /** `occurredAt|eventId` of the thread held (the latest thread wins: replies go there). */
  threadVersion: string;
  firstReplyAt: string | null;
  lastReplyAt: string | null;
  /** Distinct `escalation.admin_replied` events (duplicates are removed by processed_events). */
  replies: number;
  /**
   * The first admin reply resolves the escalation: it is sent to the customer and resumes the
   * conversation's graph, handing it back to the agent. So resolvedAt = firstReplyAt.
   */
  resolvedAt: string | null;
  /** The admin holding the escalation in the console (`escalation.claimed`), null when nobody does. */
  claimedBy: string | null;
  /** occurredAt of the claim held. */
  claimedAt: string | null;
  /**
   * `sequence|occurredAt|eventId` (sequence zero-padded) of the latest claim or release: the highest
   * claim history position wins, so claims and releases folded in any order end in the same row.
   */
  claimVersion: string;
  /**
   * The customer withdrew the request before any admin reply (`escalation.withdrawn`): the assistant
   * has the conversation again. An admin reply after it still reaches the customer.
   */
  withdrawnAt: string | null;
}
