import type { RunnableConfig } from '@langchain/core/runnables';
import type { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { LatestOnlyCheckpoints } from './latest-only-checkpoints.js';

type CheckpointTuple = NonNullable<Awaited<ReturnType<PostgresSaver['getTuple']>>>;

/**
 * The agent's checkpointer ({@link LatestOnlyCheckpoints}), reading a thread's latest checkpoint
 * once per turn instead of twice. A turn reads it to decide (seen before? paused?) and the graph run right after reads it again;
 * each read is a round trip and a parse of every channel. Inside {@link ReadOnceCheckpoints.turn}
 * (entered under the conversation lock, so no other run can write the thread meanwhile) the first
 * read of the thread's latest checkpoint is kept and handed to the next read, once. It is never
 * kept when it carries pending writes (reading those changes the tuple in place), and any write
 * to the thread drops it: after a write, or outside a turn, every read goes to Postgres.
 */
export class ReadOnceCheckpoints extends LatestOnlyCheckpoints {
  private readonly inTurn = new Set<string>();
  private readonly kept = new Map<string, CheckpointTuple>();

  /** Runs `work` (one turn of `threadId`, under its conversation lock) with the read kept. */
  async turn<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    this.inTurn.add(threadId);
    try {
      return await work();
    } finally {
      this.inTurn.delete(threadId);
      this.kept.delete(threadId);
    }
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const {
      thread_id: threadId,
      checkpoint_ns: namespace = '',
      checkpoint_id: checkpointId,
    } = (config.configurable ?? {}) as Record<string, string | undefined>;
    const latestOfTurn =
      threadId !== undefined && this.inTurn.has(threadId) && namespace === '' && !checkpointId;
    if (!latestOfTurn) return super.getTuple(config);
    const kept = this.kept.get(threadId);
    if (kept) {
      this.kept.delete(threadId);
      return kept;
    }
    const tuple = await super.getTuple(config);
    if (tuple && !tuple.pendingWrites?.length && this.inTurn.has(threadId))
      this.kept.set(threadId, tuple);
    return tuple;
  }

  override async put(...args: Parameters<PostgresSaver['put']>): Promise<RunnableConfig> {
    this.forget(args[0]);
    return super.put(...args);
  }

  override async putWrites(...args: Parameters<PostgresSaver['putWrites']>): Promise<void> {
    this.forget(args[0]);
    return super.putWrites(...args);
  }

  override async deleteThread(threadId: string): Promise<void> {
    this.kept.delete(threadId);
    return super.deleteThread(threadId);
  }

  private forget(config: RunnableConfig) {
    const threadId = config.configurable?.thread_id as string | undefined;
    if (threadId !== undefined) this.kept.delete(threadId);
  }
}
