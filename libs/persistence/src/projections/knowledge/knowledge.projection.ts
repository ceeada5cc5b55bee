import { defineProjection } from '../projection.js';
import { applyKnowledgeEvents } from './knowledge-projector.js';
import { KNOWLEDGE_PROJECTION_EVENTS } from './project-knowledge.js';

/** Drafts of knowledge-base articles and each namespace's glossary: what knowledge gaps read. */
export const knowledgeProjection = defineProjection({
  name: 'knowledge',
  events: KNOWLEDGE_PROJECTION_EVENTS,
  tables: ['knowledge_drafts', 'knowledge_glossaries'],
  apply: applyKnowledgeEvents,
});
