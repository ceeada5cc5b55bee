import {
  DocumentUpserted,
  DraftCreated,
  DraftDiscarded,
  DraftPublished,
  type EventEnvelope,
  isEvent,
} from '@support/contracts';
import { isGlossaryDocument, parseGlossaryText } from '@support/text';
import type { KnowledgeDraftState, KnowledgeGlossaryState } from './knowledge-model.js';

export const KNOWLEDGE_PROJECTION_EVENTS = [
  DraftCreated,
  DraftPublished,
  DraftDiscarded,
  DocumentUpserted,
] as const;

const versionOf = (event: EventEnvelope) => `${event.occurredAt}|${event.id}`;
/** An earlier version than the one held ('' holds none). */
const earlier = (version: string, held: string) => held === '' || version < held;

/** The draft a `kb.draft_*` event is about, or null for any other event. */
export function draftIdOf(event: EventEnvelope): string | null {
  if (
    isEvent(event, DraftCreated) ||
    isEvent(event, DraftPublished) ||
    isEvent(event, DraftDiscarded)
  )
    return event.payload.draftId;
  return null;
}

/** The namespace key of a glossary document (null for any other event): '' when it names none. */
export function glossaryNamespaceOf(event: EventEnvelope): string | null {
  if (!isEvent(event, DocumentUpserted) || !isGlossaryDocument(event.payload)) return null;
  return event.payload.namespace ?? '';
}

export function newDraft(draftId: string, gapId: string): KnowledgeDraftState {
  return {
    draftId,
    gapId,
    title: null,
    lang: null,
    topic: null,
    body: null,
    examples: null,
    escalationIds: null,
    createdBy: null,
    origin: null,
    createdAt: null,
    createdVersion: '',
    status: 'draft',
    docId: null,
    publishedBy: null,
    publishedAt: null,
    publishedVersion: '',
    discardedBy: null,
    discardedAt: null,
    discardedVersion: '',
  };
}

/**
 * The drafts half of the knowledge projection as a pure function: the row before an event and the
 * row after it (null when the event is not a draft's). Every rule commutes, so live delivery in any
 * order and a replay end in the same row:
 * - created: its fields come from the earliest created event, its content too unless published;
 * - published: the earliest published event's document, admin and time, and its content (the
 *   article as published), whenever the created event arrives;
 * - discarded: the earliest discard's admin and time;
 * - status: published once any publish arrived (the article is in the knowledge base, whatever
 *   else happened), else discarded once a discard arrived, else draft.
 */
export function projectDraft(
  event: EventEnvelope,
  current: KnowledgeDraftState | null,
): KnowledgeDraftState | null {
  const draftId = draftIdOf(event);
  if (draftId === null) return null;
  const row = current ?? newDraft(draftId, (event.payload as { gapId: string }).gapId);
  const version = versionOf(event);
  let next = row;

  if (isEvent(event, DraftCreated) && earlier(version, row.createdVersion)) {
    const p = event.payload;
    next = {
      ...row,
      gapId: p.gapId,
      examples: [...p.examples],
      escalationIds: [...p.escalationIds],
      createdBy: p.createdBy,
      origin: p.origin,
      createdAt: event.occurredAt,
      createdVersion: version,
      ...(row.publishedVersion === ''
        ? { title: p.title, lang: p.lang, topic: p.topic, body: p.body }
        : {}),
    };
  }

  if (isEvent(event, DraftPublished) && earlier(version, row.publishedVersion)) {
    const p = event.payload;
    next = {
      ...row,
      title: p.title,
      lang: p.lang,
      topic: p.topic,
      body: p.body,
      docId: p.docId,
      publishedBy: p.publishedBy,
      publishedAt: event.occurredAt,
      publishedVersion: version,
    };
  }

  if (isEvent(event, DraftDiscarded) && earlier(version, row.discardedVersion)) {
    const p = event.payload;
    next = {
      ...row,
      discardedBy: p.discardedBy,
      discardedAt: event.occurredAt,
      discardedVersion: version,
    };
  }

  return {
    ...next,
    status:
      next.publishedVersion !== ''
        ? 'published'
        : next.discardedVersion !== ''
          ? 'discarded'
          : 'draft',
  };
}

/**
 * The glossaries half: a namespace keeps its latest glossary document (null: not a glossary). A
 * glossary that does not parse is left out, as retrieval refuses it and keeps the one before.
 */
export function projectGlossary(
  event: EventEnvelope,
  current: KnowledgeGlossaryState | null,
): KnowledgeGlossaryState | null {
  const namespace = glossaryNamespaceOf(event);
  if (namespace === null || !isEvent(event, DocumentUpserted)) return null;
  const version = versionOf(event);
  if (current && current.version >= version) return current;
  if (!parses(event.payload.body)) return current;
  return {
    namespace,
    body: event.payload.body,
    contentSha256: event.payload.contentSha256,
    version,
    updatedAt: event.occurredAt,
  };
}

function parses(body: string): boolean {
  try {
    parseGlossaryText(body);
    return true;
  } catch {
    return false;
  }
}
