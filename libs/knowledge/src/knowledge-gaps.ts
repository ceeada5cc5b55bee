import {
  createEvent,
  DocumentUpserted,
  DOC_LANGUAGES,
  DRAFT_LIMITS,
  DraftCreated,
  DraftDiscarded,
  DraftPublished,
  type DocLanguage,
  type DraftOrigin,
} from '@support/contracts';
import { AppError, type Clock } from '@support/platform/pure';
import { articleDocId } from './drafting/article-doc-id.js';
import { draftFromGap } from './drafting/draft-from-gap.js';
import { readGaps } from './grouping/read-gaps.js';
import type { KnowledgeDraft, KnowledgeGap } from './knowledge-gap.js';
import type { KnowledgeEventSink } from './ports/knowledge-event-sink.js';
import type { KnowledgeSources } from './ports/knowledge-sources.js';
import { sha256Hex, stableId } from './stable-id.js';

export interface KnowledgeGapsOptions {
  /** The knowledge-base namespace articles are published to (absent: retrieval's default). */
  readonly namespace?: string;
  /** Only escalations raised in the last this many days make gaps (absent: all of them). */
  readonly windowDays?: number;
}

/** What the admin publishes: the draft as they edited it. */
export interface DraftEdits {
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
}

const DAY_MS = 86_400_000;
/** Drafts this process created that the projection may not have folded yet. */
const RECENT_DRAFTS = 100;

/**
 * Knowledge gaps and the articles drafted from them: read the gaps, open one draft per gap, publish
 * it as a knowledge-base document or discard it. Every change is an event (ids derived from their
 * cause, so a retried click is one event); nothing reaches the index without an admin's publish.
 */
export class KnowledgeGaps {
  private readonly recent = new Map<string, KnowledgeDraft>();

  constructor(
    private readonly sources: KnowledgeSources,
    private readonly events: KnowledgeEventSink,
    private readonly clock: Clock,
    private readonly options: KnowledgeGapsOptions = {},
  ) {}

  async gaps(): Promise<KnowledgeGap[]> {
    return (await this.load()).gaps;
  }

  async gap(gapId: string): Promise<KnowledgeGap | null> {
    return (await this.gaps()).find((gap) => gap.gapId === gapId) ?? null;
  }

  async gapOfEscalation(escalationId: string): Promise<KnowledgeGap | null> {
    const gaps = await this.gaps();
    return gaps.find((gap) => gap.questions.some((q) => q.escalationId === escalationId)) ?? null;
  }

  /**
   * The gap's draft waiting for review, or a new one drafted from the gap: the console and Slack
   * open the same draft. The new draft's id counts the gap's earlier drafts, so a double click
   * before the projection caught up publishes the same event twice, which the log keeps once.
   */
  async startDraft(
    gapOrId: KnowledgeGap | string,
    adminId: string,
    origin: DraftOrigin,
  ): Promise<KnowledgeDraft> {
    // A caller that already grouped the gaps (Slack, under its 3 s deadline) passes the gap.
    const { gaps, drafts } =
      typeof gapOrId === 'string'
        ? await this.load()
        : { gaps: [gapOrId], drafts: await this.drafts() };
    const gapId = typeof gapOrId === 'string' ? gapOrId : gapOrId.gapId;
    const gap = gaps.find((candidate) => candidate.gapId === gapId);
    if (!gap) throw new AppError('not_found', `no knowledge gap ${gapId}`);
    const earlier = drafts.filter((d) => d.gapId === gapId);
    const waiting = earlier
      .filter((d) => d.status === 'draft')
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
    if (waiting) return waiting;

    const draftId = stableId('kb.draft', gapId, earlier.length);
    const { sealed, ...content } = draftFromGap(gap);
    const occurredAt = this.clock.now().toISOString();
    // The log holds the customers' questions sealed; the admin reads them opened.
    const event = createEvent(
      DraftCreated,
      { draftId, gapId, ...content, ...sealed, createdBy: adminId, origin },
      { id: stableId('kb.draft_created', draftId), occurredAt, correlationId: gapId },
    );
    await this.events.publish(event);
    const draft: KnowledgeDraft = {
      ...event.payload,
      title: content.title,
      examples: content.examples,
      createdAt: occurredAt,
      status: 'draft',
      docId: null,
      publishedBy: null,
      publishedAt: null,
      discardedBy: null,
      discardedAt: null,
    };
    this.remember(draft);
    return draft;
  }

  /**
   * Publishes a draft as the admin edited it: `kb.draft_published`, then the article's
   * `kb.document_upserted` (source `admin_console`). A later article for the same gap replaces the
   * earlier one (the same document id) rather than adding a second.
   */
  async publish(draftId: string, edits: DraftEdits, adminId: string): Promise<{ docId: string }> {
    const draft = await this.openDraft(draftId);
    const article = checkedEdits(edits);
    const earlier = (await this.drafts()).find(
      (d) => d.gapId === draft.gapId && d.status === 'published' && d.docId !== null,
    );
    const docId = earlier?.docId ?? articleDocId(article.title, draftId);
    const contentSha256 = sha256Hex(article.body);
    const occurredAt = this.clock.now().toISOString();
    const published = createEvent(
      DraftPublished,
      { draftId, gapId: draft.gapId, docId, ...article, contentSha256, publishedBy: adminId },
      { id: stableId('kb.draft_published', draftId), occurredAt, correlationId: draft.gapId },
    );
    const { namespace } = this.options;
    const upserted = createEvent(
      DocumentUpserted,
      {
        docId,
        ...article,
        contentSha256,
        ...(namespace ? { namespace } : {}),
        source: 'admin_console',
        gapId: draft.gapId,
        draftId,
        publishedBy: adminId,
      },
      {
        id: stableId('kb.document_upserted', draftId),
        occurredAt,
        correlationId: draft.gapId,
        causationId: published.id,
      },
    );
    await this.events.publish(published);
    await this.events.publish(upserted);
    this.recent.delete(draftId);
    return { docId };
  }

  async discard(draftId: string, adminId: string): Promise<void> {
    const draft = await this.openDraft(draftId);
    await this.events.publish(
      createEvent(
        DraftDiscarded,
        { draftId, gapId: draft.gapId, discardedBy: adminId },
        {
          id: stableId('kb.draft_discarded', draftId),
          occurredAt: this.clock.now().toISOString(),
          correlationId: draft.gapId,
        },
      ),
    );
    this.recent.delete(draftId);
  }

  /** Every gap, grouped from one read of the questions, the drafts and the glossary. */
  private load(): Promise<{ gaps: KnowledgeGap[]; drafts: KnowledgeDraft[] }> {
    const { windowDays } = this.options;
    const since =
      windowDays === undefined ? null : new Date(this.clock.now().getTime() - windowDays * DAY_MS);
    return readGaps(this.sources, this.options.namespace ?? '', since, this.drafts());
  }

  /** A draft still waiting for review; `not_found` or `conflict` otherwise. */
  private async openDraft(draftId: string): Promise<KnowledgeDraft> {
    const draft = (await this.sources.draft(draftId)) ?? this.recent.get(draftId) ?? null;
    if (!draft) throw new AppError('not_found', `no draft ${draftId}`);
    if (draft.status !== 'draft')
      throw new AppError('conflict', `draft ${draftId} was already ${draft.status}`);
    return draft;
  }

  /** The projection's drafts, with those this process created and the projection has not yet. */
  private async drafts(): Promise<KnowledgeDraft[]> {
    const folded = await this.sources.drafts();
    const known = new Set(folded.map((d) => d.draftId));
    for (const id of known) this.recent.delete(id);
    return [...folded, ...this.recent.values()];
  }

  private remember(draft: KnowledgeDraft): void {
    this.recent.set(draft.draftId, draft);
    if (this.recent.size > RECENT_DRAFTS) this.recent.delete(this.recent.keys().next().value!);
  }
}

function checkedEdits(edits: DraftEdits): DraftEdits {
  const fail = (message: string): never => {
    throw new AppError('validation_failed', message);
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const title = text(edits.title).replace(/\s+/g, ' ').trim();
  const topic = text(edits.topic).replace(/\s+/g, ' ').trim();
  const body = text(edits.body).replace(/\r\n?/g, '\n').trim();
  if (title.length === 0 || title.length > DRAFT_LIMITS.titleChars)
    fail(`the title must be 1–${DRAFT_LIMITS.titleChars} characters`);
  if (!(DOC_LANGUAGES as readonly unknown[]).includes(edits.lang))
    fail(`the language must be one of ${DOC_LANGUAGES.join(', ')}`);
  if (topic.length === 0 || topic.length > DRAFT_LIMITS.topicChars)
    fail(`the topic must be 1–${DRAFT_LIMITS.topicChars} characters`);
  if (body.length === 0 || body.length > DRAFT_LIMITS.bodyChars)
    fail(`the body must be 1–${DRAFT_LIMITS.bodyChars} characters`);
  return { title, lang: edits.lang, topic, body };
}
