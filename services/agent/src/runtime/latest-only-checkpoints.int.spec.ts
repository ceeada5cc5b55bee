import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Command } from '@langchain/langgraph';
import type { ChunkDto, RetrievalCompletedPayload } from '@support/contracts';
import type { ChatCompletion, ChatModel, ChatRequest } from '@support/models';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import pg from 'pg';
import type { AgentPorts, OutgoingReply } from '../graph/agent-ports.js';
import { buildAgentGraph } from '../graph/agent-graph.js';
import { newTurnInput } from '../graph/new-turn-input.js';
import type { AgentStateValue } from '../graph/agent-state.js';
import { type HumanReviewInterrupt, WITHDRAWAL } from '../graph/human-review.js';
import { checkpointFootprint } from './checkpoint-footprint.js';
import { CHECKPOINT_SCHEMA } from './latest-only-checkpoints.js';
import { ReadOnceCheckpoints } from './read-once-checkpoints.js';

const CHUNK: ChunkDto = {
  chunkId: 'delivery-times-fees#3',
  docId: 'delivery-times-fees',
  title: 'Delivery times and delivery fees',
  lang: 'en',
  text: 'Muscat takes 3 to 4 working days.',
  score: 0.8,
};
const QUESTION = 'How long does delivery to Muscat take?';
const NEIGHBOUR = 'Can I return unsold stock from my wholesale order?';
const ADMIN_WORDS = 'Wholesale returns go through your account manager.';

/** Searches first, then quotes the chunk it was given, cited: every turn is a validated answer. */
const quotingModel: ChatModel = {
  id: 'quoting',
  complete: async ({ messages }: ChatRequest): Promise<ChatCompletion> => {
    const searched = messages.slice(messages.findLastIndex((m) => m.role === 'user'));
    if (!searched.some((m) => m.role === 'tool'))
      return {
        text: '',
        toolCalls: [{ id: 'search-1', name: 'search_knowledge_base', arguments: {} }],
        finishReason: 'tool_calls',
      };
    return { text: `${CHUNK.text} [${CHUNK.chunkId}]`, toolCalls: [], finishReason: 'stop' };
  },
};

describe('LatestOnlyCheckpoints: a thread keeps only what it resumes from', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  /** Checkpoint reads and statements that went to Postgres (the pool is real; this only counts). */
  let reads = 0;
  let statements = 0;
  let checkouts = 0;
  const replies: OutgoingReply[] = [];

  const ports: AgentPorts = {
    chatModel: quotingModel,
    tools: [],
    // The wholesale question has nothing in the knowledge base: the turn goes to a human.
    searchKnowledgeBase: async (query, turn, callId): Promise<RetrievalCompletedPayload> => ({
      requestId: callId,
      verdict: turn.question === NEIGHBOUR ? 'below_score_floor' : 'ok',
      language: 'en',
      legs: [],
      fused: [],
      chunks: [CHUNK],
      latencyMs: 1,
    }),
    sendReply: async (_turn, reply) => {
      replies.push(reply);
    },
    raiseEscalation: async () => undefined,
    offerClarification: async () => undefined,
    recordChoice: async () => undefined,
    recordOutcome: async () => undefined,
    now: () => new Date('2026-12-02T10:00:00Z'),
  };

  /** The agent as the service wires it: a fresh saver and graph, as after a restart. */
  const agent = () => {
    const saver = new ReadOnceCheckpoints(pool, undefined, { schema: CHECKPOINT_SCHEMA });
    return { saver, graph: buildAgentGraph(ports, saver) };
  };
  const config = (thread: string) => ({
    configurable: { thread_id: thread },
    durability: 'exit' as const,
  });

  /** One customer message, as `AgentConversations` runs it: read to decide, then the run. */
  async function ask(thread: string, turn: number, question = QUESTION) {
    const { saver, graph } = agent();
    await saver.turn(thread, async () => {
      await graph.getState(config(thread));
      await graph.invoke(
        newTurnInput({
          customerId: 'cust-1',
          conversationId: thread,
          turnId: `${thread}-turn-${turn}`,
          causeEventId: `${thread}-message-${turn}`,
          language: 'en',
          question,
          text: question,
          images: [],
        }),
        config(thread),
      );
    });
    return replies.at(-1)!;
  }

  /** Blobs the thread's latest checkpoint names by channel version: the only ones it may keep. */
  async function namedBlobs(thread: string): Promise<number> {
    const { rows } = await pool.query<{ named: number }>(
      `SELECT count(*)::int AS named
         FROM "${CHECKPOINT_SCHEMA}".checkpoints c,
              jsonb_each_text(c.checkpoint -> 'channel_versions') v
        WHERE c.thread_id = $1
          AND EXISTS (SELECT 1 FROM "${CHECKPOINT_SCHEMA}".checkpoint_blobs b
                       WHERE b.thread_id = c.thread_id AND b.checkpoint_ns = c.checkpoint_ns
                         AND b.channel = v.key AND b.version = v.value)`,
      [thread],
    );
    return rows[0]!.named;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      statements++;
      if (/from \S*checkpoints cp/.test(String(args[0]))) reads++;
      return query(...args);
    };
    // pool.query checks a client out through connect(callback): only promise checkouts count.
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { connect: typeof connect }).connect = (...args: unknown[]) => {
      if (args.length === 0) checkouts++;
      return connect(...args);
    };
    await agent().saver.setup();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('holds as much after 30 turns as after 3, and a turn reads Postgres once at any length', async () => {
    const thread = 'conv-thirty';
    const footprints = new Map<number, Awaited<ReturnType<typeof checkpointFootprint>>>();
    const readsOfTurn = new Map<number, number>();
    for (let turn = 1; turn <= 30; turn += 1) {
      reads = 0;
      expect((await ask(thread, turn)).kind).toBe('answer');
      readsOfTurn.set(turn, reads);
      footprints.set(turn, await checkpointFootprint(pool, thread));
    }
    const [third, last] = [footprints.get(3)!, footprints.get(30)!];
    expect(last).toMatchObject({ checkpoints: 1, writes: 0 });
    expect(await namedBlobs(thread)).toBe(last.blobs);
    // The memory starts once turns leave the history, and up to 32 turn ids are kept against
    // redelivery: a little more than at turn 3, and no more. Thirty kept checkpoints would be
    // thirty times turn 3's.
    expect(last.blobs).toBeLessThanOrEqual(third.blobs + 2);
    expect(last.bytes).toBeLessThan(third.bytes + 1_024);
    // No read walks the thread's history (a channel left undefined would make every one do so).
    expect(readsOfTurn.get(30)).toBe(1);
    expect(readsOfTurn.get(3)).toBe(1);

    const { graph } = agent();
    const state = (await graph.getState(config(thread))).values as AgentStateValue;
    expect(state.turnIds).toHaveLength(30);
    expect(state.turnIds.at(-1)).toBe(`${thread}-turn-30`);
  });

  it('writes a turn in one statement: its checkpoint, new blobs and the pruning together', async () => {
    const thread = 'conv-one-write';
    await ask(thread, 1);
    [statements, checkouts, reads] = [0, 0, 0];
    expect((await ask(thread, 2)).kind).toBe('answer');
    // The read that decides the turn and the write that ends it; no transaction of many INSERTs.
    expect({ statements, checkouts, reads }).toEqual({ statements: 2, checkouts: 0, reads: 1 });
    const footprint = await checkpointFootprint(pool, thread);
    expect(footprint).toMatchObject({ checkpoints: 1, writes: 0 });
    expect(await namedBlobs(thread)).toBe(footprint.blobs);
  });

  it('resumes a human-review pause after pruning, in a restarted agent, and answers again', async () => {
    const thread = 'conv-escalated';
    for (let turn = 1; turn <= 5; turn += 1) await ask(thread, turn);
    expect((await ask(thread, 6, NEIGHBOUR)).kind).toBe('abstention');

    const paused = await checkpointFootprint(pool, thread);
    // The pause lives in the latest checkpoint's pending writes, the only ones kept.
    expect(paused.checkpoints).toBe(1);
    expect(paused.writes).toBeGreaterThan(0);
    expect(await namedBlobs(thread)).toBe(paused.blobs);

    const restarted = agent();
    const snapshot = await restarted.graph.getState(config(thread));
    const interrupts = snapshot.tasks.flatMap((task) => task.interrupts);
    expect((interrupts[0]?.value as HumanReviewInterrupt).turnId).toBe(`${thread}-turn-6`);
    await restarted.graph.invoke(new Command({ resume: ADMIN_WORDS }), config(thread));

    const resumed = await restarted.graph.getState(config(thread));
    expect(resumed.tasks.flatMap((task) => task.interrupts)).toEqual([]);
    const values = resumed.values as AgentStateValue;
    expect(values.humanReplied).toBe(true);
    expect(values.messages.at(-1)).toEqual({ role: 'assistant', content: ADMIN_WORDS });
    expect(await checkpointFootprint(pool, thread)).toMatchObject({ checkpoints: 1, writes: 0 });

    expect((await ask(thread, 7)).kind).toBe('answer');
    const after = await checkpointFootprint(pool, thread);
    expect(after).toMatchObject({ checkpoints: 1, writes: 0 });
    expect(await namedBlobs(thread)).toBe(after.blobs);
  });

  it('resumes a pause the customer withdraws, and answers again', async () => {
    const thread = 'conv-withdrawn';
    await ask(thread, 1);
    expect((await ask(thread, 2, NEIGHBOUR)).kind).toBe('abstention');
    const { graph } = agent();
    await graph.invoke(new Command({ resume: WITHDRAWAL }), config(thread));
    const resumed = await graph.getState(config(thread));
    expect(resumed.tasks.flatMap((task) => task.interrupts)).toEqual([]);
    expect((resumed.values as AgentStateValue).humanReplied).toBe(true);
    expect(await checkpointFootprint(pool, thread)).toMatchObject({ checkpoints: 1, writes: 0 });
    expect((await ask(thread, 3)).kind).toBe('answer');
  });
});
