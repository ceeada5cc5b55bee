import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId } from '@support/bus';
import { createEvent, EscalationClassified } from '@support/contracts';
import { eventually } from '@support/testing';
import { openDatabase } from '../../database.js';
import { fixturePersonalData } from '@support/privacy/testing';
import { replayFromStart } from '../../replay/replay.js';
import { dumpTable } from '../../table-dump.js';
import { hostile, storedHostile } from '../../testing/hostile-strings.js';
import { KNOWLEDGE_DAY, knowledgeStory } from '../../testing/knowledge-story.js';
import {
  type ProjectionHarness,
  startProjectionHarness,
} from '../../testing/projection-harness.js';
import { escalationsProjection } from '../escalations/escalations.projection.js';
import { KnowledgeReader } from './knowledge-reader.js';
import { knowledgeProjection } from './knowledge.projection.js';

const PROJECTIONS = [escalationsProjection, knowledgeProjection];
const TABLES = ['escalation_replies', ...knowledgeProjection.tables, 'processed_events'];

describe('knowledge projection and escalation replies: live processing, reading and replay', () => {
  let harness: ProjectionHarness;

  beforeAll(async () => {
    harness = await startProjectionHarness('knowledge-test');
  });

  afterAll(() => harness.close());

  it('folds each event once although delivered twice, reads the gaps material, and replays to the same bytes', async () => {
    const { publisher, deliveries, dataSource, bus } = harness;
    for (const projection of PROJECTIONS) await harness.runWithLostAcks(projection);

    const story = knowledgeStory(0);
    const hostileStory = knowledgeStory(100, hostile);
    const events = [...story.events, ...hostileStory.events];
    for (const event of events) await publisher.publish(event);
    await publisher.publish(events[2]!); // a duplicate publish (an admin reply) is deduplicated

    // Every event some projection folds reached it twice.
    const folded = events.filter((e) =>
      PROJECTIONS.some((p) => p.events.some((d) => d.type === e.type)),
    );
    await eventually(
      () =>
        expect(folded.filter((e) => (deliveries.get(e.id) ?? 0) >= 2)).toHaveLength(folded.length),
      30_000,
    );

    const reader = new KnowledgeReader(dataSource, fixturePersonalData());
    const answered = await reader.answeredAvoidable(null);
    // Avoidable and answered only: the unanswered and the genuine escalation are left out.
    expect(answered.map((q) => q.escalationId)).toEqual([
      story.escalationIds[0],
      hostileStory.escalationIds[0],
    ]);
    expect(answered[0]).toEqual({
      escalationId: story.escalationIds[0],
      conversationId: `conv-k-0-0`,
      reason: 'below_score_floor',
      language: 'en',
      topic: 'product',
      question: 'Can you engrave my ring?',
      // As the escalation carried it, for a draft to quote.
      sealedQuestion: (
        story.events.find(
          (e) =>
            e.type === 'escalation.raised' &&
            (e.payload as { escalationId: string }).escalationId === story.escalationIds[0],
        )!.payload as { question: string }
      ).question,
      openedAt: '2026-12-02T09:00:00.000Z',
      replies: [
        {
          escalationId: story.escalationIds[0],
          adminId: 'U0ADMIN',
          text: 'We engrave rings in two days.',
          at: '2026-12-02T09:03:00.000Z',
        },
        {
          escalationId: story.escalationIds[0],
          adminId: 'U0ADMIN',
          text: 'Yes: **5 BHD** <b>per ring</b>.',
          at: '2026-12-02T09:05:00.000Z',
        },
      ],
    });
    expect(answered[1]!.replies.map((r) => r.text)).toEqual([
      storedHostile('We engrave rings in two days.'),
      storedHostile('Yes: **5 BHD** <b>per ring</b>.'),
    ]);
    expect(await reader.answeredAvoidable(new Date('2026-12-02T09:30:00.000Z'))).toHaveLength(1);

    const drafts = await reader.drafts();
    expect(drafts.map((d) => [d.draftId, d.status])).toEqual(
      expect.arrayContaining([
        [story.draftIds[0], 'published'],
        [story.draftIds[1], 'discarded'],
        [story.draftIds[2], 'draft'],
      ]),
    );
    // The published draft shows the article as published, although created after in the log.
    expect(await reader.draft(story.draftIds[0]!)).toMatchObject({
      gapId: story.escalationIds[0],
      title: 'Ring engraving',
      docId: 'ring-engraving',
      publishedBy: 'admin-huda',
      publishedAt: '2026-12-02T09:12:00.000Z',
      createdAt: '2026-12-02T09:10:00.000Z',
      origin: 'console',
    });
    expect(await reader.draft(hostileStory.draftIds[0]!)).toMatchObject({
      title: storedHostile('Ring engraving'),
    });
    expect(await reader.draft(story.draftIds[2]!)).toMatchObject({ origin: 'slack', docId: null });
    expect(await reader.draft('no-such-draft')).toBeNull();

    // The latest glossary of each namespace that parses.
    expect(await reader.glossary('')).toEqual([{ en: ['engraving'], ar: ['نقش'] }]);
    expect(await reader.glossary('shop_a')).toEqual([{ en: ['gift wrap'], ar: ['تغليف الهدايا'] }]);
    expect(await reader.glossary('shop_b')).toEqual([]);

    const live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    await harness.stopLive();
    const result = await replayFromStart(bus, dataSource, PROJECTIONS);
    expect(result.failed).toEqual([]);
    expect(await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)))).toEqual(live);

    // In batches that split the stories, into a schema of its own.
    const shadow = await openDatabase({ url: harness.database.url, schema: 'replay_check' });
    try {
      for (const eventsPerTransaction of [1, 4]) {
        await replayFromStart(bus, shadow, PROJECTIONS, { eventsPerTransaction });
        expect(await Promise.all(TABLES.map((t) => dumpTable(shadow, t)))).toEqual(live);
      }
    } finally {
      await shadow.destroy();
    }
  });
});

describe('the gaps stamp', () => {
  let harness: ProjectionHarness;

  beforeAll(async () => {
    harness = await startProjectionHarness('knowledge-stamp-test');
  });

  afterAll(() => harness.close());

  it('changes with every event that changes what the gaps are grouped from, read after each', async () => {
    const { publisher, deliveries, dataSource } = harness;
    for (const projection of PROJECTIONS) await harness.runWithLostAcks(projection);
    const story = knowledgeStory(0);
    // The answered escalation relabelled after its replies: its gap moves to another topic.
    const relabel = createEvent(
      EscalationClassified,
      { escalationId: story.escalationIds[0]!, topic: 'orders', classifier: 'rules' },
      {
        id: newEventId(),
        occurredAt: new Date(KNOWLEDGE_DAY + 30 * 60_000).toISOString(),
        conversationId: null,
        correlationId: newEventId(),
      },
    );
    const reader = new KnowledgeReader(dataSource, fixturePersonalData());
    const read = async () =>
      JSON.stringify([
        await reader.answeredAvoidable(null),
        await reader.drafts(),
        await reader.glossary(''),
      ]);
    let before = { stamp: await reader.gapsStamp(''), read: await read() };
    const changed: [string, boolean][] = [];
    for (const event of [...story.events, relabel]) {
      await publisher.publish(event);
      await eventually(() => expect(deliveries.get(event.id) ?? 0).toBeGreaterThanOrEqual(2));
      const after = { stamp: await reader.gapsStamp(''), read: await read() };
      // Never stale: what the gaps read changed, so did the stamp.
      if (after.read !== before.read) expect(after.stamp).not.toBe(before.stamp);
      changed.push([event.type, after.stamp !== before.stamp]);
      before = after;
    }
    expect(changed).toEqual([
      ['escalation.raised', false], // avoidable, not answered yet
      ['escalation.classified', false],
      ['escalation.admin_replied', true],
      ['escalation.admin_replied', true],
      ['escalation.raised', false],
      ['escalation.raised', false], // genuine
      ['escalation.admin_replied', false], // to the genuine one
      ['kb.draft_published', true], // logged before its creation: a row, no draft yet
      ['kb.draft_created', true],
      ['kb.draft_created', true],
      ['kb.draft_discarded', true],
      ['kb.draft_created', true],
      ['kb.document_upserted', true], // the default namespace's glossary
      ['kb.document_upserted', false], // an older glossary, ignored
      ['kb.document_upserted', false], // another namespace's
      ['kb.document_upserted', false],
      ['kb.document_upserted', false], // not a glossary
      ['escalation.classified', true],
    ]);
  });
});
