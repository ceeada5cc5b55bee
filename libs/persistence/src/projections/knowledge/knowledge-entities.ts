import { EntitySchema } from 'typeorm';
import { isoTimestamp } from '../iso-timestamp.js';
import type { KnowledgeDraftState, KnowledgeGlossaryState } from './knowledge-model.js';

const time = (name: string) =>
  ({ type: 'timestamptz', name, nullable: true, transformer: isoTimestamp }) as const;
const text = (name: string) => ({ type: 'text', name, nullable: true }) as const;

export const KnowledgeDraftEntity = new EntitySchema<KnowledgeDraftState>({
  name: 'KnowledgeDraft',
  tableName: 'knowledge_drafts',
  columns: {
    draftId: { type: 'text', primary: true, name: 'draft_id' },
    gapId: { type: 'text', name: 'gap_id' },
    title: text('title'),
    lang: text('lang'),
    topic: text('topic'),
    body: text('body'),
    examples: { type: 'jsonb', nullable: true },
    escalationIds: { type: 'jsonb', name: 'escalation_ids', nullable: true },
    createdBy: text('created_by'),
    origin: text('origin'),
    createdAt: time('created_at'),
    createdVersion: { type: 'text', name: 'created_version' },
    status: { type: 'text' },
    docId: text('doc_id'),
    publishedBy: text('published_by'),
    publishedAt: time('published_at'),
    publishedVersion: { type: 'text', name: 'published_version' },
    discardedBy: text('discarded_by'),
    discardedAt: time('discarded_at'),
    discardedVersion: { type: 'text', name: 'discarded_version' },
  },
});

export const KnowledgeGlossaryEntity = new EntitySchema<KnowledgeGlossaryState>({
  name: 'KnowledgeGlossary',
  tableName: 'knowledge_glossaries',
  columns: {
    namespace: { type: 'text', primary: true },
    body: { type: 'text' },
    contentSha256: { type: 'text', name: 'content_sha256' },
    version: { type: 'text' },
    updatedAt: { type: 'timestamptz', name: 'updated_at', transformer: isoTimestamp },
  },
});
