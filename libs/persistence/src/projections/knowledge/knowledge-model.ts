import type { DocLanguage, DraftOrigin } from '@support/contracts';

/**
 * A row of `knowledge_drafts` (plain data; the ORM entity mirrors it): a draft article as its
 * `kb.draft_*` events left it. Events may arrive in any order, so the fields of `kb.draft_created`
 * are null until it has arrived.
 */
export interface KnowledgeDraftState {
  draftId: string;
  gapId: string;
  /** The article's content: as published once published, as drafted before. */
  title: string | null;
  lang: DocLanguage | null;
  topic: string | null;
  body: string | null;
  examples: string[] | null;
  escalationIds: string[] | null;
  createdBy: string | null;
  origin: DraftOrigin | null;
  createdAt: string | null;
  /** `occurredAt|eventId` of the created event held (the earliest wins); '' until one arrived. */
  createdVersion: string;
  status: 'draft' | 'published' | 'discarded';
  docId: string | null;
  publishedBy: string | null;
  publishedAt: string | null;
  /** `occurredAt|eventId` of the published event held (the earliest wins); '' when unpublished. */
  publishedVersion: string;
  discardedBy: string | null;
  discardedAt: string | null;
  discardedVersion: string;
}

/**
 * A row of `knowledge_glossaries`: the latest glossary document of a namespace, as written (parsed
 * when read). `namespace` is '' for glossary events that name none (retrieval's default).
 */
export interface KnowledgeGlossaryState {
  namespace: string;
  body: string;
  contentSha256: string;
  /** `occurredAt|eventId` of the glossary held: the latest wins. */
  version: string;
  updatedAt: string;
}
