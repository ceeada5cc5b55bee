import { sealForTests } from '@support/privacy/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, newEventId } from '@support/bus';
import {
  AdminReplied,
  createEvent,
  EscalationClassified,
  EscalationRaised,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  type EscalationRaisedPayload,
  ThreadOpened,
} from '@support/contracts';
import { eventually } from '@support/testing';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../database.js';
import {
  type ProjectionHarness,
  startProjectionHarness,
} from '../../testing/projection-harness.js';
import { replayFromStart } from '../../replay/replay.js';
import { dumpTable } from '../../table-dump.js';
import { hostile, storedHostile } from '../../testing/hostile-strings.js';

import { escalationsProjection } from './escalations.projection.js';

// The projection's tables (rows and the dashboard's daily aggregates) and the bookkeeping.
const TABLES = [...escalationsProjection.tables, 'processed_events'];
const REASONS = [
  'below_score_floor',
  'retrieval_unavailable',
  'answer_validation_failed',
  'agent_requested',
] as const;

/** One escalation's events: raised, thread, classification and admin replies (in log order). */
function escalationStory(
  i: number,
  /** Applied to every text the story's events carry. */
  say: (text: string) => string = (text) => text,
): EventEnvelope[] {
  const escalationId = newEventId();
  const conversationId = say(`conv-${i}`);
  const turnId = newEventId();
  const minute = (m: number) => new Date(Date.UTC(2026, 11, 2, 9, 0) + (i * 10 + m) * 60_000);
  const make = (definition: EventDefinition, m: number, payload: Record<string, unknown>) =>
    createEvent(
      definition,
      {
        ...EXAMPLE_PAYLOADS[definition.type as keyof typeof EXAMPLE_PAYLOADS],
        ...payload,
        escalationId,
      } as never,
      {
        id: newEventId(),
        occurredAt: minute(m).toISOString(),
        conversationId,
        turnId,
        correlationId: newEventId(),
      },
    );
  const raised = make(EscalationRaised, 0, {
    customerId: say(`cust-${i % 3}`),
    reason: REASONS[i % 4],
    group: i % 2 === 0 ? 'avoidable' : 'genuine',
    question: sealForTests(say(`Question ${i}`)),
    transcript: [
      { role: 'customer', text: sealForTests(say(`Question ${i}`)), at: minute(0).toISOString() },
    ],
    ordersMentioned: [sealForTests(say(`SO-${1000 + i}`))],
  });
  const opened = make(ThreadOpened, 1, {
    channel: say('C0SUPPORT'),
    threadId: say(`1764669600.${String(i).padStart(6, '0')}`),
  });
  const labelled = make(EscalationClassified, 2, {
    topic: i % 5 === 0 ? 'unclassified' : 'returns',
    classifier: i % 5 === 0 ? 'fallback' : 'llm',
  });
  const reply = (m: number) =>
    make(AdminReplied, m, {
      externalId: say(`Ev${i}-${m}`),
      adminId: say('U0ADMIN'),
      text: sealForTests(say('Wholesale orders follow your contract.')),
    });
  // The later reply is logged before the earlier one; some stories log the label before the raise.
  const events = [raised, opened, reply(6), reply(3), reply(4)];
  return i % 3 === 0 ? [labelled, ...events] : [...events, labelled];
}

describe('escalations projection: live processing and replay', () => {
  let harness: ProjectionHarness;
  let bus: BusConnection;
  let dataSource: DataSource;

  beforeAll(async () => {
    harness = await startProjectionHarness('escalations-test');
    ({ bus, dataSource } = harness);
  });

  afterAll(() => harness.close());

  it('applies each event once although every one is delivered twice, and replay rebuilds the same bytes', async () => {
    const { publisher, deliveries } = harness;
    await harness.runWithLostAcks(escalationsProjection);

    const stories = Array.from({ length: 12 }, (_, i) => escalationStory(i));
    // Texts and ids with characters Postgres refuses (events of an older producer, say).
    const hostileStory = escalationStory(12, hostile);
    const events = [...stories, hostileStory].flat();
    for (const event of events) await publisher.publish(event);
    await publisher.publish(events[3]!); // a duplicate publish (an admin reply) is deduplicated

    await eventually(
      () => expect([...deliveries.values()].filter((n) => n >= 2)).toHaveLength(events.length),
      30_000,
    );
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM escalations');
    expect(count).toBe(13);
    const [stored] = await dataSource.query(
      `SELECT conversation_id, customer_id, question, chunks, orders_mentioned, channel, thread_id,
              replies
         FROM escalations WHERE escalation_id = $1`,
      [(hostileStory[0]!.payload as { escalationId: string }).escalationId],
    );
    // What the customer wrote is stored sealed, as the event carried it.
    const raisedOf = (story: EventEnvelope[]) =>
      story.find((e) => e.type === EscalationRaised.type)!.payload as EscalationRaisedPayload;
    const hostileRaised = raisedOf(hostileStory);
    expect(stored).toEqual({
      conversation_id: storedHostile('conv-12'),
      customer_id: storedHostile('cust-0'),
      question: hostileRaised.question,
      chunks: [{ chunkId: 'returns-retail#2', score: 0.12 }],
      orders_mentioned: hostileRaised.ordersMentioned,
      channel: storedHostile('C0SUPPORT'),
      thread_id: storedHostile('1764669600.000012'),
      replies: 3,
    });
    const escalationId = (stories[3]![0]!.payload as { escalationId: string }).escalationId;
    const [row] = await dataSource.query(
      `SELECT conversation_id, customer_id, reason, "group", topic, classifier, provider, channel,
              thread_id, opened_at, thread_opened_at, first_reply_at, last_reply_at, resolved_at,
              replies, chunks, orders_mentioned
         FROM escalations WHERE escalation_id = $1`,
      [escalationId],
    );
    const at = (m: number) => new Date(Date.UTC(2026, 11, 2, 9, 30 + m));
    expect(row).toEqual({
      conversation_id: 'conv-3',
      customer_id: 'cust-0',
      reason: 'agent_requested',
      group: 'genuine',
      topic: 'returns',
      classifier: 'llm',
      provider: 'slack',
      channel: 'C0SUPPORT',
      thread_id: '1764669600.000003',
      opened_at: at(0),
      thread_opened_at: at(1),
      first_reply_at: at(3),
      last_reply_at: at(6),
      resolved_at: at(3),
      replies: 3,
      chunks: [{ chunkId: expect.any(String), score: 0.12 }],
      orders_mentioned: raisedOf(stories[3]!).ordersMentioned,
    });
    // The group comes from the reason, whatever the raised event claimed.
    const groups = await dataSource.query(
      `SELECT reason, "group", count(*)::int AS n FROM escalations GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(groups).toEqual([
      { reason: 'agent_requested', group: 'genuine', n: 3 },
      { reason: 'answer_validation_failed', group: 'avoidable', n: 3 },
      { reason: 'below_score_floor', group: 'avoidable', n: 4 },
      { reason: 'retrieval_unavailable', group: 'genuine', n: 3 },
    ]);
    const [fallbacks] = await dataSource.query(
      `SELECT count(*)::int AS n FROM escalations WHERE topic = 'unclassified'`,
    );
    expect(fallbacks).toEqual({ n: 3 });
    const [{ processed }] = await dataSource.query(
      `SELECT count(*)::int AS processed FROM processed_events WHERE consumer = 'escalations'`,
    );
    expect(processed).toBe(events.length);

    const live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    await harness.stopLive();

    const result = await replayFromStart(bus, dataSource, [escalationsProjection]);
    expect(result.events).toBe(events.length);
    expect(result.applied).toBe(events.length);
    expect(result.failed).toEqual([]);
    const replayed = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    expect(replayed).toEqual(live);

    // The same replay into a separate schema, beside the live tables.
    const shadow = await openDatabase({ url: harness.database.url, schema: 'replay_check' });
    try {
      await replayFromStart(bus, shadow, [escalationsProjection]);
      expect(await Promise.all(TABLES.map((t) => dumpTable(shadow, t)))).toEqual(live);
    } finally {
      await shadow.destroy();
    }
  });
});
