import { beforeEach, describe, expect, it } from '@jest/globals';
import { decodeEvent, encodeEvent, type EventEnvelope } from '@support/contracts';
import { AppError } from '@support/platform/pure';
import type { TermPair } from '@support/text';
import { createHash } from 'node:crypto';
import type { GapQuestion, KnowledgeDraft } from './knowledge-gap.js';
import { KnowledgeGaps } from './knowledge-gaps.js';
import type { KnowledgeEventSink } from './ports/knowledge-event-sink.js';
import type { KnowledgeSources } from './ports/knowledge-sources.js';
import { question, uuid } from './testing/gap-fixtures.js';

/** The projection's part, folded in memory from the events the use case publishes. */
class InMemorySources implements KnowledgeSources {
  readonly folded = new Map<string, KnowledgeDraft>();
  sinceAsked: (Date | null)[] = [];
  namespaces: string[] = [];

  constructor(
    private readonly questions: GapQuestion[],
    private readonly pairs: TermPair[],
  ) {}

  async answeredAvoidable(since: Date | null) {
    this.sinceAsked.push(since);
    return this.questions.filter((q) => since === null || new Date(q.openedAt) >= since);
  }
  async drafts() {
    return [...this.folded.values()];
  }
  async draft(draftId: string) {
    return this.folded.get(draftId) ?? null;
  }
  async glossary(namespace: string) {
    this.namespaces.push(namespace);
    return this.pairs;
  }

  /**
   * What the knowledge projection and its reader would make of the events: the draft's title and
   * examples (each a question as its escalation sealed it) read opened.
   */
  fold(events: readonly EventEnvelope[]) {
    const opened = new Map(this.questions.map((q) => [q.sealedQuestion, q.question]));
    for (const event of events) {
      const p = event.payload as Record<string, never>;
      const held = this.folded.get(p.draftId);
      if (event.type === 'kb.draft_created')
        this.folded.set(p.draftId, {
          ...(p as unknown as KnowledgeDraft),
          title: opened.get(p.title)!,
          examples: (p.examples as string[]).map((e) => opened.get(e)!),
          createdAt: event.occurredAt,
          status: 'draft',
          docId: null,
          publishedBy: null,
          publishedAt: null,
          discardedBy: null,
          discardedAt: null,
        });
      if (event.type === 'kb.draft_published' && held)
        this.folded.set(p.draftId, {
          ...held,
          status: 'published',
          docId: p.docId,
          publishedBy: p.publishedBy,
          publishedAt: event.occurredAt,
        });
      if (event.type === 'kb.draft_discarded' && held)
        this.folded.set(p.draftId, {
          ...held,
          status: 'discarded',
          discardedBy: p.discardedBy,
          discardedAt: event.occurredAt,
        });
    }
  }
}

/** Records what was published, each event checked against its contract as the bus would. */
class RecordingSink implements KnowledgeEventSink {
  readonly events: EventEnvelope[] = [];
  async publish(event: EventEnvelope) {
    decodeEvent(new TextDecoder().decode(encodeEvent(event)));
    this.events.push(event);
  }
}

const GLOSSARY = [{ en: ['engraving', 'engrave'], ar: ['نقش', 'حفر'] }];
const NOW = new Date(Date.UTC(2026, 11, 3, 12, 0));
const EDITS = {
  title: '  Ring engraving ',
  lang: 'en' as const,
  topic: 'product',
  body: 'We engrave rings.\r\n\r\n- Example\n',
};

describe('KnowledgeGaps', () => {
  let sources: InMemorySources;
  let sink: RecordingSink;
  let gaps: KnowledgeGaps;

  beforeEach(() => {
    sources = new InMemorySources(
      [
        question(1, 'Can you engrave my ring?', { replies: ['Yes, for 5 BHD.'] }),
        question(2, 'هل يمكن نقش الخاتم؟', { replies: ['نعم'] }),
        question(3, 'Can I return a wholesale order?', { topic: 'returns' }),
      ],
      GLOSSARY,
    );
    sink = new RecordingSink();
    gaps = new KnowledgeGaps(sources, sink, { now: () => NOW }, { namespace: 'shop_a' });
  });

  it('reads the gaps of the namespace and finds one by id or by any of its escalations', async () => {
    const all = await gaps.gaps();
    expect(all.map((g) => [g.gapId, g.asked])).toEqual([
      [uuid(3), 1],
      [uuid(1), 2],
    ]);
    expect(sources.namespaces).toContain('shop_a');
    expect(sources.sinceAsked).toEqual([null]);
    expect((await gaps.gap(uuid(1)))?.asked).toBe(2);
    expect(await gaps.gap(uuid(2))).toBeNull(); // not a gap's id: its earliest question's is
    expect((await gaps.gapOfEscalation(uuid(2)))?.gapId).toBe(uuid(1));
    expect(await gaps.gapOfEscalation(uuid(99))).toBeNull();
  });

  it('reads only the window of days it was given', async () => {
    const windowed = new KnowledgeGaps(sources, sink, { now: () => NOW }, { windowDays: 7 });
    await windowed.gaps();
    expect(sources.sinceAsked).toEqual([new Date(NOW.getTime() - 7 * 86_400_000)]);
    expect(sources.namespaces).toEqual(['']);
  });

  it('opens one draft per gap: a second start, from Slack or before the projection caught up, gets the same', async () => {
    const first = await gaps.startDraft(uuid(1), 'U0ADMIN', 'console');
    expect(first).toMatchObject({
      gapId: uuid(1),
      status: 'draft',
      createdBy: 'U0ADMIN',
      origin: 'console',
      createdAt: NOW.toISOString(),
      escalationIds: [uuid(1), uuid(2)],
      title: 'Can you engrave my ring?',
    });
    expect(sink.events).toHaveLength(1);
    expect(sink.events[0]).toMatchObject({
      type: 'kb.draft_created',
      conversationId: null,
      correlationId: uuid(1),
      occurredAt: NOW.toISOString(),
    });
    // Another process (the Slack shortcut) that has not seen the event yet derives the same ids.
    const elsewhere = new KnowledgeGaps(sources, sink, { now: () => NOW }, {});
    const again = await elsewhere.startDraft(uuid(1), 'U0OTHER', 'slack');
    expect(again.draftId).toBe(first.draftId);
    expect(sink.events[1]!.id).toBe(sink.events[0]!.id); // the log keeps one
    // Once folded, every start returns the waiting draft without a new event.
    sources.fold(sink.events.slice(0, 1));
    expect(await elsewhere.startDraft(uuid(1), 'U0OTHER', 'slack')).toEqual(first);
    expect(sink.events).toHaveLength(2);
    expect((await gaps.gap(uuid(1)))?.status).toBe('drafted');
  });

  it('publishes a draft as edited: draft_published, then the article as a document of the admin console', async () => {
    const { draftId } = await gaps.startDraft(uuid(1), 'U0ADMIN', 'console');
    // Published before the projection folded the draft: this process remembers it.
    const { docId } = await gaps.publish(draftId, EDITS, 'U0EDITOR');
    expect(docId).toMatch(/^ring-engraving-[0-9a-f]{8}$/);
    const [, published, upserted] = sink.events;
    const body = 'We engrave rings.\n\n- Example';
    const sha = createHash('sha256').update(body).digest('hex');
    expect(published).toMatchObject({
      type: 'kb.draft_published',
      correlationId: uuid(1),
      payload: {
        draftId,
        gapId: uuid(1),
        docId,
        title: 'Ring engraving',
        body,
        contentSha256: sha,
        publishedBy: 'U0EDITOR',
      },
    });
    expect(upserted).toMatchObject({
      type: 'kb.document_upserted',
      causationId: published!.id,
      correlationId: uuid(1),
      payload: {
        docId,
        title: 'Ring engraving',
        lang: 'en',
        topic: 'product',
        body,
        contentSha256: sha,
        namespace: 'shop_a',
        source: 'admin_console',
        gapId: uuid(1),
        draftId,
        publishedBy: 'U0EDITOR',
      },
    });

    // A retried click before the projection caught up publishes the same events (one in the log).
    sources.fold(sink.events.slice(0, 1));
    await gaps.publish(draftId, EDITS, 'U0EDITOR');
    expect(sink.events.slice(3).map((e) => e.id)).toEqual([published!.id, upserted!.id]);
    // Once folded, the gap is closed and the draft refuses a second publish or a discard.
    sources.fold(sink.events);
    expect(await gaps.gap(uuid(1))).toMatchObject({ status: 'closed', docId, draftId });
    await expect(gaps.publish(draftId, EDITS, 'U0EDITOR')).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(gaps.discard(draftId, 'U0EDITOR')).rejects.toMatchObject({ code: 'conflict' });

    // A new draft for the closed gap revises the same article.
    const revision = await gaps.startDraft(uuid(1), 'U0ADMIN', 'console');
    expect(revision.draftId).not.toBe(draftId);
    sources.fold(sink.events.slice(-1));
    const revised = await gaps.publish(revision.draftId, { ...EDITS, title: 'Other' }, 'U0ADMIN');
    expect(revised.docId).toBe(docId);
  });

  it('discards a draft: the gap opens again and a new start makes a new draft', async () => {
    const first = await gaps.startDraft(uuid(3), 'U0ADMIN', 'slack');
    sources.fold(sink.events);
    await gaps.discard(first.draftId, 'U0ADMIN');
    expect(sink.events.at(-1)).toMatchObject({
      type: 'kb.draft_discarded',
      payload: { draftId: first.draftId, gapId: uuid(3), discardedBy: 'U0ADMIN' },
    });
    sources.fold(sink.events);
    expect((await gaps.gap(uuid(3)))?.status).toBe('open');
    const second = await gaps.startDraft(uuid(3), 'U0ADMIN', 'console');
    expect(second.draftId).not.toBe(first.draftId);
  });

  it('refuses unknown gaps and drafts, and edits that break the limits', async () => {
    await expect(gaps.startDraft(uuid(2), 'U0ADMIN', 'console')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(gaps.publish(uuid(77), EDITS, 'U0ADMIN')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(gaps.discard(uuid(77), 'U0ADMIN')).rejects.toBeInstanceOf(AppError);
    const { draftId } = await gaps.startDraft(uuid(1), 'U0ADMIN', 'console');
    for (const edits of [
      { ...EDITS, title: '   ' },
      { ...EDITS, title: 'x'.repeat(301) },
      { ...EDITS, lang: 'fr' as never },
      { ...EDITS, topic: '' },
      { ...EDITS, body: '\n \n' },
      { ...EDITS, body: 'x'.repeat(50_001) },
    ])
      await expect(gaps.publish(draftId, edits, 'U0ADMIN')).rejects.toMatchObject({
        code: 'validation_failed',
      });
    expect(sink.events.map((e) => e.type)).toEqual(['kb.draft_created']);
  });
});
