import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import pg from 'pg';
import { ReadOnceCheckpoints } from './read-once-checkpoints.js';

describe('ReadOnceCheckpoints: one read of the latest checkpoint per turn', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let saver: ReadOnceCheckpoints;
  /** Reads of checkpoints that went to Postgres (the pool is real; this only counts). */
  let reads = 0;

  const graph = () =>
    new StateGraph(MessagesAnnotation)
      .addNode('echo', (state) => ({
        messages: [new AIMessage(`echo: ${String(state.messages.at(-1)!.content)}`)],
      }))
      .addEdge(START, 'echo')
      .addEdge('echo', END)
      .compile({ checkpointer: saver });
  const config = (thread: string) => ({
    configurable: { thread_id: thread },
    durability: 'exit' as const,
  });
  const contents = (values: { messages: { content: unknown }[] }) =>
    values.messages.map((m) => m.content);

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      if (/from \S*checkpoints cp/.test(String(args[0]))) reads++;
      return query(...args);
    };
    saver = new ReadOnceCheckpoints(pool, undefined, { schema: 'agent_checkpoints' });
    await saver.setup();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('lets the run use the read that decided the turn, and runs it as a plain saver would', async () => {
    const echo = graph();
    await echo.invoke({ messages: [new HumanMessage('first')] }, config('t-1'));
    reads = 0;
    await saver.turn('t-1', async () => {
      const before = await echo.getState(config('t-1'));
      expect(contents(before.values)).toEqual(['first', 'echo: first']);
      await echo.invoke({ messages: [new HumanMessage('second')] }, config('t-1'));
    });
    expect(reads).toBe(1);
    const after = await echo.getState(config('t-1'));
    expect(contents(after.values)).toEqual(['first', 'echo: first', 'second', 'echo: second']);
  });

  it('hands a kept read out once, and reads again after a write or outside a turn', async () => {
    const echo = graph();
    await echo.invoke({ messages: [new HumanMessage('one')] }, config('t-2'));
    reads = 0;
    await saver.turn('t-2', async () => {
      await saver.getTuple(config('t-2'));
      await saver.getTuple(config('t-2'));
      expect(reads).toBe(1);
      await saver.getTuple(config('t-2'));
      expect(reads).toBe(2);
      await echo.invoke({ messages: [new HumanMessage('two')] }, config('t-2'));
      const latest = await saver.getTuple(config('t-2'));
      expect(contents(latest!.checkpoint.channel_values as never)).toContain('echo: two');
    });
    reads = 0;
    await saver.getTuple(config('t-2'));
    await saver.getTuple(config('t-2'));
    expect(reads).toBe(2);
  });

  it('never keeps a read that carries pending writes', async () => {
    const echo = graph();
    await echo.invoke({ messages: [new HumanMessage('x')] }, config('t-3'));
    const latest = (await saver.getTuple(config('t-3')))!;
    await saver.putWrites(latest.config, [['messages', []]], 'task-1');
    reads = 0;
    await saver.turn('t-3', async () => {
      expect((await saver.getTuple(config('t-3')))!.pendingWrites).toHaveLength(1);
      await saver.getTuple(config('t-3'));
    });
    expect(reads).toBe(2);
  });
});
