import { fixturePersonalData, sealForTests } from '@support/privacy/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  consumerName,
  EventConsumerRunner,
  EventPublisher,
  newEventId,
  type RunningConsumer,
} from '@support/bus';
import {
  createEvent,
  EscalationRaised,
  EscalationWithdrawn,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  TurnOutcome,
  WithdrawalRequested,
} from '@support/contracts';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../database.js';
import { processOnce } from '../processed-events.js';
import { ConversationReader } from '../projections/conversations/conversation-reader.js';
import { conversationsProjection } from '../projections/conversations/conversations.projection.js';
import { escalationsProjection } from '../projections/escalations/escalations.projection.js';
import { knowledgeProjection } from '../projections/knowledge/knowledge.projection.js';
import { turnTracesProjection } from '../projections/turn-traces/turn-traces.projection.js';
import { dumpTable } from '../table-dump.js';
import { hostile, storedHostile } from '../testing/hostile-strings.js';
import { knowledgeStory } from '../testing/knowledge-story.js';
import { type ReplayProgress, replayFromStart } from './replay.js';

const quiet = { warn: () => undefined, error: () => undefined };
// The projection's tables (rows and the dashboard's daily aggregates) and the bookkeeping.
const TABLES = [...conversationsProjection.tables, 'processed_events'];

function conversationStory(
  conversationId: string,
  customerId: string,
  startMinute: number,
  /** Applied to every text the story's events carry. */
  say: (text: string) => string = (text) => text,
  /** Each turn ends with its `turn.outcome` (as the agent logs it now); else a log from before. */
  turnOutcomes = false,
): EventEnvelope[] {
  const meta = (turnId: string, minute: number) => ({
    id: newEventId(),
    occurredAt: new Date(Date.UTC(2026, 11, 2, 9, 0) + minute * 60_000).toISOString(),
    conversationId,
    turnId,
    correlationId: newEventId(),
  });
  const received = (turnId: string, minute: number, text: string) =>
    createEvent(
      MessageReceived,
      {
        ...EXAMPLE_PAYLOADS['conversation.message_received'],
        customerId,
        messageId: newEventId(),
        text: sealForTests(say(text)),
        attachments: (
          EXAMPLE_PAYLOADS['conversation.message_received'].attachments as { fileName: string }[]
        ).map((attachment) => ({
          ...attachment,
          attachmentId: newEventId(),
          fileName: sealForTests(say('tear.png')),
        })),
      } as never,
      meta(turnId, minute),
    );
  const reply = (turnId: string, minute: number, kind: string) =>
    createEvent(
      ReplySent,
      {
        ...EXAMPLE_PAYLOADS['agent.reply_sent'],
        customerId,
        replyId: newEventId(),
        kind,
        text: sealForTests(say(ANSWER)),
        citations: [
          { chunkId: 'returns-retail#2', docId: 'returns-retail', title: say('Returns') },
        ],
      } as never,
      meta(turnId, minute),
    );
  const outcome = (turnId: string, minute: number, payload: Record<string, unknown>) =>
    turnOutcomes
      ? [
          createEvent(
            TurnOutcome,
            { customerId, replyId: newEventId(), ...payload } as never,
            meta(turnId, minute),
          ),
        ]
      : [];
  const t1 = newEventId();
  const t2 = newEventId();
  return [
    received(t1, startMinute, 'Where is my order?'),
    reply(t1, startMinute + 1, 'answer'),
    ...outcome(t1, startMinute + 1, { outcome: 'answered', reason: 'validation_passed' }),
    received(t2, startMinute + 2, 'هل يمكنني إرجاع طلب الجملة؟'),
    reply(t2, startMinute + 3, 'abstention'),
    createEvent(
      EscalationRaised,
      {
        ...EXAMPLE_PAYLOADS['escalation.raised'],
        customerId,
        escalationId: newEventId(),
        question: sealForTests(say('Can I return a wholesale order?')),
      } as never,
      meta(t2, startMinute + 3),
    ),
    ...outcome(t2, startMinute + 3, {
      outcome: 'escalated',
      reason: 'below_score_floor',
      group: 'avoidable',
      escalationId: newEventId(),
    }),
    // The customer takes the request back; the admin's reply still comes (and still counts).
    createEvent(
      WithdrawalRequested,
      { requestId: newEventId(), customerId },
      { ...meta(t2, startMinute + 3), turnId: null },
    ),
    createEvent(
      EscalationWithdrawn,
      { escalationId: newEventId(), customerId, requestId: newEventId() },
      meta(t2, startMinute + 3),
    ),
    reply(t2, startMinute + 4, 'human'),
  ];
}

const ANSWER = 'Yes: unworn items can be returned within 14 days of delivery.';
describe('conversations projection: live processing and replay', () => {
  let nats: TestNatsServer;
  let database: TestDatabase;
  let bus: BusConnection;
  let dataSource: DataSource;
  const running: RunningConsumer[] = [];
  /** What live processing stored in the first test: every replay must end in these bytes. */
  let live: string[] | undefined;
  let published: EventEnvelope[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createTestDatabase();
    bus = await BusConnection.open({
      name: 'replay-test',
      servers: nats.url,
      stream: uniqueName('REPLAY'),
      maxDeliver: 5,
      ackWaitMs: 5_000,
      publishTimeoutMs: 10_000,
      backoffMs: [20],
      duplicateWindowMs: 60_000,
      replicas: 1,
    });
    dataSource = await openDatabase({ url: database.url });
  });

  afterAll(async () => {
    await Promise.all(running.map((c) => c.stop()));
    await bus.close();
    await dataSource.destroy();
    await database.drop();
    await nats.stop();
  });

  it('applies each event once although every one is delivered twice, and replay rebuilds the same bytes', async () => {
    const publisher = new EventPublisher(bus);
    const runner = new EventConsumerRunner(bus, publisher, quiet);
    const deliveries = new Map<string, number>();
    for (const event of conversationsProjection.events) {
      running.push(
        await runner.start({
          durable: consumerName('projection-conversations', event),
          event,
          handle: async (envelope, context) => {
            deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
            await processOnce(
              dataSource,
              conversationsProjection.name,
              envelope,
              context.streamSequence,
              (m) => conversationsProjection.apply(m, [envelope]),
            );
            // Fail after the effects are stored: the ack is lost and the event comes again.
            if (context.deliveryCount === 1) throw new Error('crash before ack');
          },
        }),
      );
    }

    const events = [
      ...Array.from({ length: 20 }, (_, i) =>
        // Every other conversation as the agent logs it now, with each turn's outcome.
        conversationStory(`conv-${i}`, `cust-${i % 7}`, i * 3, undefined, i % 2 === 1),
      ),
      // Ids and texts with characters Postgres refuses (an event from an older gateway, say).
      conversationStory(hostile('conv-hostile'), hostile('cust-hostile'), 70, hostile),
    ].flat();
    for (const event of events) await publisher.publish(event);
    await publisher.publish(events[0]!); // a duplicate publish is deduplicated by the stream

    await eventually(
      () => expect([...deliveries.values()].filter((n) => n >= 2)).toHaveLength(events.length),
      30_000,
    );
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM messages');
    expect(count).toBe(21 * 5);
    // Looked up by the id as the events carry it: the reader makes it storable like the rows.
    const history = await new ConversationReader(dataSource, fixturePersonalData()).history(
      hostile('conv-hostile'),
    );
    // What the customer wrote and the replies are sealed in the rows, and shown opened as a plaintext row would
    // show it (a NUL byte or a lone surrogate reads as U+FFFD).
    expect(history.map((m) => [m.role, m.text])).toEqual([
      ['customer', storedHostile('Where is my order?')],
      ['agent', storedHostile(ANSWER)],
      ['customer', storedHostile('هل يمكنني إرجاع طلب الجملة؟')],
      ['agent', storedHostile(ANSWER)],
      ['human', storedHostile(ANSWER)],
    ]);
    expect(history[0]!.attachments[0]!.fileName).toBe(storedHostile('tear.png'));
    expect(history[1]!.citations[0]!.title).toBe(storedHostile('Returns'));
    const [hostileConversation] = await dataSource.query(
      'SELECT customer_id, message_count, human_active FROM conversations WHERE id = $1',
      [storedHostile('conv-hostile')],
    );
    expect(hostileConversation).toEqual({
      customer_id: storedHostile('cust-hostile'),
      message_count: 5,
      human_active: false,
    });
    const conversation = await dataSource.query(
      'SELECT message_count, human_active FROM conversations WHERE id = $1',
      ['conv-3'],
    );
    expect(conversation).toEqual([{ message_count: 5, human_active: false }]);
    // conv-3's turns take their status from their turn.outcome, conv-2's from their replies.
    for (const [conversationId, fromOutcome] of [
      ['conv-3', true],
      ['conv-2', false],
    ] as const) {
      const turns = await dataSource.query(
        `SELECT status, escalation_reason, outcome_version <> '' AS from_outcome
           FROM turns WHERE conversation_id = $1 ORDER BY started_at`,
        [conversationId],
      );
      expect(turns).toEqual([
        { status: 'answered', escalation_reason: null, from_outcome: fromOutcome },
        { status: 'escalated', escalation_reason: 'below_score_floor', from_outcome: fromOutcome },
      ]);
    }

    live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    published = events;
    await Promise.all(running.splice(0).map((c) => c.stop()));

    const result = await replayFromStart(bus, dataSource, [conversationsProjection]);
    expect(result.events).toBe(events.length);
    expect(result.applied).toBe(events.length);
    expect(result.failed).toEqual([]);
    const replayed = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    expect(replayed).toEqual(live);

    // A window of the log: only the events stored from a time on, into a schema of its own.
    const window = await openDatabase({ url: database.url, schema: 'replay_window' });
    try {
      const future = await replayFromStart(bus, window, [conversationsProjection], {
        since: new Date(Date.now() + 3_600_000),
      });
      expect(future.events).toBe(0);
      const all = await replayFromStart(bus, window, [conversationsProjection], {
        since: new Date(Date.now() - 3_600_000),
      });
      expect(all.events).toBe(events.length);
    } finally {
      await window.destroy();
    }

    // The same replay into a separate schema, beside the live tables.
    const shadow = await openDatabase({ url: database.url, schema: 'replay_check' });
    try {
      await replayFromStart(bus, shadow, [conversationsProjection]);
      expect(await Promise.all(TABLES.map((t) => dumpTable(shadow, t)))).toEqual(live);
    } finally {
      await shadow.destroy();
    }
  });

  it('replays in batches that end inside conversations and turns to the same bytes, skipping what the contracts refuse', async () => {
    expect(live).toBeDefined(); // stored by the test before
    // A message no live consumer accepts (they dead-letter it): the replay leaves it out too.
    await bus.js.publish(MessageReceived.subject, new TextEncoder().encode('{"type":"broken"'));
    const messages = published.length + 1;

    // 8 events a conversation: batches of 3 and 7 split conversations and turns between
    // transactions, so each batch folds on rows the one before stored; two decoder threads
    // decode alternate batches, which must still be stored in stream order.
    for (const [eventsPerTransaction, decoderThreads] of [
      [1, 1],
      [3, 2],
      [7, 1],
    ] as const) {
      const progress: ReplayProgress[] = [];
      const result = await replayFromStart(bus, dataSource, [conversationsProjection], {
        eventsPerTransaction,
        decoderThreads,
        onProgress: (p) => progress.push(p),
      });
      expect(result).toMatchObject({
        events: messages,
        applied: published.length,
        skippedInvalid: 1,
        failed: [],
      });
      expect(await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)))).toEqual(live);
      expect(progress.length).toBeGreaterThanOrEqual(Math.floor(messages / eventsPerTransaction));
      const read = progress.map((p) => p.processed);
      expect(read).toEqual([...read].sort((a, b) => a - b));
      expect(progress.at(-1)).toEqual({
        processed: messages,
        total: messages,
        lastSequence: messages, // the duplicate publish was dropped by the stream
      });
    }
  });

  it('writes several projections side by side, each in stream order, to what one transaction each builds', async () => {
    const projections = [
      conversationsProjection,
      escalationsProjection,
      turnTracesProjection,
      knowledgeProjection,
    ];
    const tables = [...new Set([...projections.flatMap((p) => p.tables), 'processed_events'])];
    const dumpAll = () => Promise.all(tables.map((t) => dumpTable(dataSource, t)));
    const replayWhole = () =>
      replayFromStart(bus, dataSource, projections, { eventsPerTransaction: 10_000 });
    expect((await replayWhole()).failed).toEqual([]);
    // The conversations projection's own tables are still what live processing stored.
    expect(
      await Promise.all(
        ['conversations', 'messages', 'turns'].map((t) => dumpTable(dataSource, t)),
      ),
    ).toEqual(live!.slice(0, 3));

    // Admin replies, drafts and glossaries (some logged out of order) for the knowledge tables.
    const publisher = new EventPublisher(bus);
    for (const event of [...knowledgeStory(0).events, ...knowledgeStory(60, hostile).events])
      await publisher.publish(event);
    const whole = await replayWhole();
    expect(whole.failed).toEqual([]);
    const reference = await dumpAll();
    for (const table of ['escalation_replies', 'knowledge_drafts', 'knowledge_glossaries'])
      expect(reference[tables.indexOf(table)]).not.toBe('');

    // Lanes of different lengths (every event is in some turn trace, few in escalations), so the
    // projections' lanes run batches apart.
    for (const eventsPerTransaction of [2, 5]) {
      const batched = await replayFromStart(bus, dataSource, projections, {
        eventsPerTransaction,
        decoderThreads: 2,
      });
      expect(batched).toMatchObject({
        events: whole.events,
        applied: whole.applied,
        skippedInvalid: whole.skippedInvalid,
        failed: [],
      });
      expect(await dumpAll()).toEqual(reference);
    }
  });
});
