import type { DocLanguage } from '@support/contracts';

/** An admin ran "Add to knowledge base" on a message of the admin channel. */
export interface DraftRequest {
  readonly channel: string;
  /** The thread the message is in (a message that is in none: its own id, as Slack's ts are). */
  readonly threadId: string;
  /** The message's own id (Slack: its ts). */
  readonly messageId: string;
  /** When the message was posted, as the channel says. */
  readonly postedAt: Date;
  readonly adminId: string;
}

/** A draft as the admin edits it: what the modal (or any form) shows. */
export interface DraftForm {
  readonly draftId: string;
  readonly gapId: string;
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
  /** How often the gap's question was asked. */
  readonly asked: number;
}

/** Why there is nothing to draft from the message (said to the admin, and only to them). */
export type DraftRefusal = 'not_an_admin' | 'not_a_handoff_thread' | 'genuine' | 'no_gap';

export type DraftOpening =
  | { readonly outcome: 'opened'; readonly draft: DraftForm }
  | { readonly outcome: 'refused'; readonly reason: DraftRefusal; readonly message: string };

/** The admin's edits as submitted; a field the form could not hold (too long) is null: kept. */
export interface DraftEdits {
  readonly title: string;
  readonly lang: string;
  readonly topic: string;
  readonly body: string | null;
}

export type DraftField = 'title' | 'lang' | 'topic' | 'body';

export type DraftPublication =
  | { readonly outcome: 'published'; readonly docId: string }
  /** The edits do not make an article: what is wrong with each field. */
  | { readonly outcome: 'invalid'; readonly errors: Partial<Record<DraftField, string>> }
  /** Published or discarded already, unknown, or not an admin: said in the form. */
  | { readonly outcome: 'refused'; readonly message: string };

/**
 * Drafting a knowledge-base article from an admin channel: the channel turns its shortcut and form
 * submission into these calls and their answers into its own messages.
 */
export interface KnowledgeDraftHandler {
  open(request: DraftRequest): Promise<DraftOpening>;
  publish(draftId: string, edits: DraftEdits, adminId: string): Promise<DraftPublication>;
}
