import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEventId, readEventLog } from '@support/bus';
import { exampleEvent, DeadLettered, isEvent, MessageReceived } from '@support/contracts';
import { eventually } from '@support/testing';
import type { DataSource } from 'typeorm';
import { schemaOf } from '../processed-events.js';
import { defineProjection } from '../projections/projection.js';
import { dumpTable } from '../table-dump.js';
import { type ProjectionHarness, startProjectionHarness } from '../testing/projection-harness.js';
import { replayFromStart } from './replay.js';

const NOTE_LIMIT = 40;

/** A read model whose table refuses some valid events: a note longer than its column allows
 * (the message's client id, at most 64 characters in the contract). */
const notesProjection = defineProjection({
  name: 'replay_test_notes',
  events: [MessageReceived],
  tables: ['replay_test_notes'],
  apply: async (manager, events) => {
    for (const event of events)
      if (isEvent(event, MessageReceived))
        await manager.query(
          `INSERT INTO "${schemaOf(manager.connection)}".replay_test_notes (message_id, text)
           VALUES ($1, $2)`,
          [event.payload.messageId, event.payload.clientMessageId],
        );
  },
});

async function createNotesTable(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `CREATE TABLE IF NOT EXISTS "${schemaOf(dataSource)}".replay_test_notes (
       message_id text PRIMARY KEY,
       text text NOT NULL CHECK (length(text) <= ${NOTE_LIMIT}))`,
  );
}

const TABLES = ['replay_test_notes', 'processed_events'];

describe('replay of an event a projection refuses', () => {
  let harness: ProjectionHarness;

  beforeAll(async () => {
    harness = await startProjectionHarness('replay-refused-test');
    await createNotesTable(harness.dataSource);
  });

  afterAll(() => harness.close());

  it('records the event, goes on with the rest, and ends in the rows live processing left', async () => {
    const { publisher, deliveries, dataSource, bus } = harness;
    await harness.runWithLostAcks(notesProjection);
    const texts = ['first note', 'x'.repeat(NOTE_LIMIT + 1), 'third note', 'fourth note'];
    const events = texts.map((text) =>
      exampleEvent(
        MessageReceived,
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: 'conv-notes',
          turnId: newEventId(),
          correlationId: newEventId(),
        },
        // The note is a plain field (the text is sealed): the client's message id.
        { messageId: newEventId(), clientMessageId: text, attachments: [] },
      ),
    );
    const sequences: number[] = [];
    for (const event of events) sequences.push((await publisher.publish(event)).streamSequence);
    const refused = events[1]!;

    // Live: the refused event is tried maxDeliver times, then dead-lettered; the others apply.
    const deadLetter = await eventually(async () => {
      const { events: recorded } = await readEventLog(bus, DeadLettered);
      return recorded.find((e) => isEvent(e, DeadLettered)) ?? false;
    }, 30_000);
    expect(deadLetter.payload).toMatchObject({
      originalEventId: refused.id,
      streamSequence: sequences[1],
      cause: 'exhausted',
      deliveries: bus.options.maxDeliver,
    });
    await eventually(() =>
      expect(events.filter((e) => (deliveries.get(e.id) ?? 0) >= 2)).toHaveLength(events.length),
    );
    const live = await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)));
    expect(live[0]!.split('\n')).toHaveLength(3);
    await harness.stopLive();

    const result = await replayFromStart(bus, dataSource, [notesProjection]);
    expect(result.applied).toBe(3);
    expect(result.failed).toEqual([
      {
        projection: 'replay_test_notes',
        streamSequence: sequences[1],
        eventId: refused.id,
        eventType: 'conversation.message_received',
        attempts: bus.options.maxDeliver,
        code: 'internal',
        reason: expect.stringContaining('replay_test_notes_text_check'),
      },
    ]);
    expect(await Promise.all(TABLES.map((t) => dumpTable(dataSource, t)))).toEqual(live);
  });
});
