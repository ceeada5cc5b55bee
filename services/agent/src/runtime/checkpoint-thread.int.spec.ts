import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import pg from 'pg';
import { checkpointThreadOf } from './checkpoint-thread.js';
import { ConversationLock } from './conversation-lock.js';

/** Valid in an event (contracts take any string), refused by Postgres `text` and `jsonb` as is. */
const HOSTILE = 'nul[\u0000] high[\ud800] low[\udc00] ctl[\u0007\u001b[2J\u2028]';

describe('checkpoints and the conversation lock with characters Postgres refuses', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let saver: PostgresSaver;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    saver = new PostgresSaver(pool, undefined, { schema: 'agent_checkpoints' });
    await saver.setup();
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('keeps message texts exactly (bytea) and maps a conversation id with U+0000 to one thread', async () => {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('echo', (state) => ({
        messages: [new AIMessage(`echo: ${String(state.messages.at(-1)!.content)}`)],
      }))
      .addEdge(START, 'echo')
      .addEdge('echo', END)
      .compile({ checkpointer: saver });
    const conversationId = `conv-${HOSTILE}`;
    // The same conversation, as the escalation service's tables hand it back (already storable).
    const config = (id: string) => ({
      configurable: { thread_id: checkpointThreadOf(id) },
      durability: 'exit' as const,
    });
    const lock = new ConversationLock(pool);

    await lock.run(conversationId, () =>
      graph.invoke({ messages: [new HumanMessage(HOSTILE)] }, config(conversationId)),
    );
    const again = checkpointThreadOf(conversationId);
    await lock.run(again, () =>
      graph.invoke({ messages: [new HumanMessage('second')] }, config(again)),
    );

    const state = await graph.getState(config(conversationId));
    expect(state.values.messages.map((m: { content: unknown }) => m.content)).toEqual([
      HOSTILE,
      `echo: ${HOSTILE}`,
      'second',
      'echo: second',
    ]);
    const [{ threads }] = await pool
      .query('SELECT count(DISTINCT thread_id)::int AS threads FROM agent_checkpoints.checkpoints')
      .then((r) => r.rows);
    expect(threads).toBe(1);
  });
});
