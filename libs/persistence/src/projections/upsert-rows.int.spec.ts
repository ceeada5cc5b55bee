import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource, EntitySchema } from 'typeorm';
import { openDatabase } from '../database.js';
import { dumpTable } from '../table-dump.js';
import { storedHostile } from '../testing/hostile-strings.js';
import { MessageEntity } from './conversations/conversation-entities.js';
import type { MessageState } from './conversations/conversation-model.js';
import { EscalationEntity } from './escalations/escalation-entities.js';
import type { EscalationState } from './escalations/escalation-model.js';
import { newTurnTrace } from './turn-traces/project-turn-trace.js';
import { TurnTraceEntity } from './turn-traces/turn-trace-entities.js';
import type { TurnTraceState } from './turn-traces/turn-trace-model.js';
import { upsertRows } from './upsert-rows.js';

const text = storedHostile('quote " backslash \\ brace { comma , عربي');

const message = (id: string, kind: MessageState['kind']): MessageState => ({
  id,
  conversationId: text,
  turnId: id === 'm-1' ? null : 't-1',
  role: 'agent',
  kind,
  text,
  citations: [{ chunkId: 'returns#2', docId: 'returns', title: text } as never],
  attachments: [],
  occurredAt: '2026-12-02T09:00:00.123Z',
  eventId: `e-${id}`,
});

const escalation = (id: string, replies: number): EscalationState => ({
  escalationId: id,
  conversationId: 'c-1',
  customerId: null,
  turnId: 't-1',
  reason: 'below_score_floor',
  group: 'avoidable',
  language: 'ar',
  question: text,
  chunks: [{ chunkId: 'returns#2', score: 0.016393442622950821 }],
  ordersMentioned: replies > 0 ? null : ['A-1', '"B"'],
  openedAt: '2026-12-02T09:00:00.000Z',
  raisedVersion: `2026-12-02T09:00:00.000Z|${id}`,
  topic: null,
  classifier: null,
  topicVersion: '',
  provider: 'console',
  channel: null,
  threadId: null,
  threadOpenedAt: null,
  threadVersion: '',
  firstReplyAt: replies > 0 ? '2026-12-02T09:05:00.000Z' : null,
  lastReplyAt: replies > 0 ? '2026-12-02T10:05:00.999Z' : null,
  replies,
  resolvedAt: null,
  claimedBy: null,
  claimedAt: null,
  claimVersion: '',
  withdrawnAt: null,
});

const trace = (turnId: string, latencyMs: number | null): TurnTraceState => ({
  ...newTurnTrace(turnId),
  conversationId: 'c-1',
  customerMessage: text,
  messageAt: '2026-12-02T09:00:00.000Z',
  promptChunks: [
    {
      chunkId: 'a#1',
      docId: 'a',
      title: text,
      lang: 'en',
      score: 1e-7,
      text: '\\n is not a newline',
    },
  ],
  validation: { passed: false, sentences: [{ text, factual: true, citations: [], ok: false }] },
  latencyMs,
  events: [{ type: 'agent.reply_sent', id: 'e-9', occurredAt: '2026-12-02T09:00:01.000Z' }],
  synthetic: latencyMs === null,
});

describe('upsertRows', () => {
  let database: TestDatabase;
  let viaOrm: DataSource;
  let viaRows: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    viaOrm = await openDatabase({ url: database.url, schema: 'via_orm' });
    viaRows = await openDatabase({ url: database.url, schema: 'via_rows' });
  });

  afterAll(async () => {
    await viaOrm.destroy();
    await viaRows.destroy();
    await database.drop();
  });

  it("stores the bytes the ORM's upsert stores, inserting and then replacing rows", async () => {
    const write = async <T extends object>(entity: EntitySchema<T>, key: string, rows: T[]) => {
      await viaOrm.manager.upsert(entity, rows as never, [key]);
      await upsertRows(viaRows.manager, entity, rows);
    };
    await write(MessageEntity, 'id', [message('m-1', 'message'), message('m-2', 'answer')]);
    await write(EscalationEntity, 'escalationId', [escalation('x-1', 0), escalation('x-2', 0)]);
    await write(TurnTraceEntity, 'turnId', [trace('t-1', 1_234), trace('t-2', null)]);
    // The same keys again, changed: nulls over values, values over nulls, a longer array.
    await write(MessageEntity, 'id', [{ ...message('m-2', 'abstention'), citations: [] }]);
    await write(EscalationEntity, 'escalationId', [escalation('x-1', 2)]);
    await write(TurnTraceEntity, 'turnId', [{ ...trace('t-2', 7), promptChunks: null }]);

    for (const table of ['messages', 'escalations', 'turn_traces']) {
      const stored = await dumpTable(viaRows, table);
      expect(stored.split('\n')).toHaveLength(2);
      expect(stored).toEqual(await dumpTable(viaOrm, table));
    }
    const [replaced] = await viaRows.query(
      `SELECT replies, orders_mentioned, last_reply_at FROM via_rows.escalations WHERE escalation_id = 'x-1'`,
    );
    expect(replaced).toEqual({
      replies: 2,
      orders_mentioned: null,
      last_reply_at: new Date('2026-12-02T10:05:00.999Z'),
    });
  });
});
