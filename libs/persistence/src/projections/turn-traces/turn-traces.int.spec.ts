import { fixturePersonalData } from '@support/privacy/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, newEventId } from '@support/bus';
import { isEvent, type PayloadOf, RetrievalCompleted } from '@support/contracts';
import { eventually } from '@support/testing';
import type { DataSource } from 'typeorm';

import {
  type ProjectionHarness,
  startProjectionHarness,
} from '../../testing/projection-harness.js';
import { replayFromStart } from '../../replay/replay.js';
import { dumpTable } from '../../table-dump.js';

import { renderTrace } from './render-trace.js';
import { hostile, storedHostile } from '../../testing/hostile-strings.js';
import { ANSWER_CHUNKS, traceStory } from '../../testing/trace-fixtures.js';
import { TurnTraceReader } from './turn-trace-reader.js';
import { turnTracesProjection } from './turn-traces.projection.js';

// The projection's tables (rows and the dashboard's daily aggregates) and the bookkeeping.
const TABLES = [...turnTracesProjection.tables, 'processed_events'];

describe('turn_traces projection: live processing, replay and the trace', () => {
  let harness: ProjectionHarness;
  let bus: BusConnection;
  let dataSource: DataSource;

  beforeAll(async () => {
    harness = await startProjectionHarness('turn-traces-test');
    ({ bus, dataSource } = harness);
  });

  afterAll(() => harness.close());

  it('traces each turn exactly, although every event is delivered twice, and replay rebuilds the same bytes', async () => {
    const { publisher, deliveries } = harness;
    await harness.runWithLostAcks(turnTracesProjection);

    const stories = Array.from({ length: 4 }, (_, i) =>
      traceStory({
        newId: newEventId,
        conversationId: `conv-${i}`,
        turnIds: [newEventId(), newEventId(), newEventId()],
        start: new Date(Date.UTC(2026, 11, 2, 9, i * 10)),
        // Half the conversations as the agent logs them now, half from before turn.outcome.
        turnOutcomes: i % 2 === 0,
      }),
    );
    // Texts and ids with characters Postgres refuses (events of an older producer, say).
    const hostileTurns = [newEventId(), newEventId(), newEventId()] as const;
    const hostileStory = traceStory({
      newId: newEventId,
      conversationId: 'conv-hostile',
      turnIds: hostileTurns,
      start: new Date(Date.UTC(2026, 11, 2, 10, 0)),
      say: hostile,
    });
    const events = [...stories, hostileStory].flat();
    for (const event of events) await publisher.publish(event);
    await publisher.publish(events[2]!); // a duplicate publish is deduplicated by the stream

    await eventually(
      () => expect([...deliveries.values()].filter((n) => n >= 2)).toHaveLength(events.length),
      30_000,
    );
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM turn_traces');
    expect(count).toBe(5 * 3);
    const reader = new TurnTraceReader(dataSource, fixturePersonalData());
    const stored = await reader.find(hostile(hostileTurns[0]));
    expect(stored).toMatchObject({
      conversationId: storedHostile('conv-hostile'),
      // Sealed in the row (Postgres never held its text), and shown opened as a plaintext row
      // would show it.
      customerMessage: storedHostile('Can I return a dress?'),
      draft: storedHostile(
        'Yes, within 14 days [returns-retail#2]. Refunds take 5 days [returns-retail#5]. Hi!',
      ),
      route: 'answered',
      validation: { sentences: [{}, {}, { text: storedHostile('Hi!') }] },
    });
    expect(stored!.promptChunks!.map((c) => c.text)).toEqual(
      ANSWER_CHUNKS.map((c) => storedHostile(c.text)),
    );
    const failedOpen = await reader.find(hostile(hostileTurns[1]));
    expect(failedOpen!.retrieval!.rerank!.error!.message).toBe(
      storedHostile('reranker did not answer in 2000 ms'),
    );

    // The trace of an answered turn shows the chunks of its last retrieval.completed exactly.
    const story = stories[2]!;
    const turnId = story[0]!.turnId!;
    const completed = story.filter(
      (e) => isEvent(e, RetrievalCompleted) && e.turnId === turnId,
    ) as { payload: PayloadOf<typeof RetrievalCompleted> }[];
    const lastChunks = completed.at(-1)!.payload.chunks;
    const trace = await reader.find(turnId);
    expect(trace).not.toBeNull();
    expect(trace!.promptChunks).toEqual(
      lastChunks.map(({ chunkId, docId, title, lang, score, text }) => ({
        chunkId,
        docId,
        title,
        lang,
        score,
        text,
      })),
    );
    expect(trace!.promptChunks!.map((c) => c.chunkId)).toEqual([
      'returns-retail#2',
      'returns-retail#5',
      'returns-retail#1',
    ]);
    // Its route from its turn.outcome; the same turn of a log from before it, from its reply.
    expect(trace!.outcome).toEqual({ outcome: 'answered', reason: 'validation_passed' });
    const before = await reader.find(stories[1]![0]!.turnId!);
    expect(before).toMatchObject({ route: 'answered', reason: 'validation_passed', outcome: null });
    expect(trace).toMatchObject({
      conversationId: 'conv-2',
      customerMessage: 'Can I return a dress?',
      route: 'answered',
      replyKind: 'answer',
      latencyMs: 9_000,
      retrieval: { verdict: 'ok', gate: { passed: true } },
      validation: {
        passed: true,
        sentences: [
          { text: 'Yes, within 14 days [returns-retail#2].', ok: true, factual: true },
          { text: 'Refunds take 5 days [returns-retail#5].', ok: true, factual: true },
          { text: 'Hi!', ok: true, factual: false },
        ],
      },
    });
    expect(trace!.events).toHaveLength(9); // its eight events and its turn.outcome
    const text = renderTrace(trace!);
    for (const c of lastChunks) {
      expect(text).toContain(c.chunkId);
      for (const line of c.text.split('\n')) expect(text).toContain(line);
    }
    expect(text).toContain('Refunds take 5 days [returns-retail#5].');

    const [escalated] = await dataSource.query(
      `SELECT route, reason, reply_kind, retrieval->'rerank'->>'failOpen' AS fail_open
         FROM turn_traces WHERE turn_id = $1`,
      [story.find((e) => e.type === 'escalation.raised')!.turnId],
    );
    expect(escalated).toEqual({
      route: 'escalated',
      reason: 'below_score_floor',
      reply_kind: 'abstention',
      fail_open: 'true',
    });
    const [{ processed }] = await dataSource.query(
      `SELECT count(*)::int AS processed FROM processed_events WHERE consumer = 'turn_traces'`,
    );
    expect(processed).toBe(events.length);

    const live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    await harness.stopLive();

    const result = await replayFromStart(bus, dataSource, [turnTracesProjection]);
    expect(result.events).toBe(events.length);
    expect(result.applied).toBe(events.length);
    expect(result.failed).toEqual([]);
    const replayed = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    expect(replayed).toEqual(live);
  });
});
