import type { EscalationRaisedPayload } from '@support/contracts';
import type { KnowledgeDraftHandler } from './knowledge-draft.js';

/** Where a handoff thread lives: a Slack channel and thread timestamp, or the console's ids. */
export interface ThreadRef {
  readonly channel: string;
  readonly threadId: string;
}

/** What the first message of a handoff thread says. */
export interface ThreadSummary {
  readonly conversationId: string;
  readonly escalation: EscalationRaisedPayload;
  /** The conversation's thread from an earlier escalation: post the summary there instead. */
  readonly existing?: ThreadRef;
}

/** An admin's answer in a thread, as the channel received it. */
export interface InboundAdminReply {
  readonly channel: string;
  readonly threadId: string;
  readonly adminId: string;
  /** What the admin wrote, as they saw it (Slack's markup already decoded). */
  readonly text: string;
  /** Names of files the admin attached: the customer cannot get them, only the text is relayed. */
  readonly files?: readonly string[];
  /** The provider's id of this reply (Slack: the event id); a redelivery carries the same one. */
  readonly externalId: string;
  /** Slack's `X-Slack-Retry-Num` when this delivery is a retry. */
  readonly retryNum?: number;
}

export type AdminReplyHandler = (reply: InboundAdminReply) => Promise<void>;

/**
 * The human side of a handoff: one thread per escalated conversation, where the summary and later
 * customer messages are posted and from which admins' replies come back.
 *
 * `openThread` and `appendToThread` throw on failure; a failure the caller should retry later
 * (outage, exhausted rate-limit retries) is an error with a transient code (`model_unavailable`
 * style `nak` policy), so the bus redelivers the triggering event.
 */
export interface AdminChannel {
  readonly provider: 'slack' | 'console';
  openThread(summary: ThreadSummary): Promise<ThreadRef>;
  appendToThread(channel: string, threadId: string, text: string): Promise<void>;
  /**
   * A forgotten customer's thread: every message the app posted in it (the summary, the relayed
   * messages) deleted or replaced by `notice`. Returns how many were. Idempotent.
   */
  eraseThread(channel: string, threadId: string, notice: string): Promise<number>;
  /** Registers the single handler for inbound admin replies (call before `start`). */
  onAdminReply(handler: AdminReplyHandler): void;
  /**
   * Registers the handler of "Add to knowledge base" (call before `start`); only channels with
   * such a shortcut have it (Slack; the console drafts on its own gaps page).
   */
  onKnowledgeDraft?(handler: KnowledgeDraftHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
