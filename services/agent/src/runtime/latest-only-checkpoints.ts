import type { RunnableConfig } from '@langchain/core/runnables';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

/** The schema the agent's checkpoint tables live in. */
export const CHECKPOINT_SCHEMA = 'agent_checkpoints';

/**
 * Deletes what a thread's checkpoint `$3` made obsolete: the older checkpoints of the thread and
 * namespace, their pending writes, and every blob no checkpoint from `$3` on refers to. All parts
 * of one statement see the same snapshot, so the blob check names the checkpoints it keeps rather
 * than trusting the first part's delete. Rows of a newer checkpoint are never touched: committed
 * ones are kept by the `>=`, uncommitted ones are invisible to the delete.
 */
const pruneStatement = (schema: string) => `
  WITH older_checkpoints AS (
    DELETE FROM "${schema}".checkpoints
     WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id < $3
  ), older_writes AS (
    DELETE FROM "${schema}".checkpoint_writes
     WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id < $3
  )
  DELETE FROM "${schema}".checkpoint_blobs blob
   WHERE blob.thread_id = $1 AND blob.checkpoint_ns = $2
     AND NOT EXISTS (
       SELECT 1
         FROM "${schema}".checkpoints kept,
              jsonb_each_text(kept.checkpoint -> 'channel_versions') version
        WHERE kept.thread_id = $1 AND kept.checkpoint_ns = $2 AND kept.checkpoint_id >= $3
          AND version.key = blob.channel AND version.value = blob.version
     )`;

/**
 * The Postgres checkpointer keeping only what a thread resumes from: its latest checkpoint, that
 * checkpoint's pending writes (a run paused in `human_review` leaves its interrupt there) and the
 * blobs of the channel versions it names. PostgresSaver keeps every checkpoint a thread ever had,
 * so its rows grew with the conversation; nothing here reads an older one (no time travel, no
 * state history). Each `put` deletes the rest right after the checkpoint is stored: a crash in
 * between leaves rows the next `put` removes. Not for graphs with `DeltaChannel`s, whose values
 * are rebuilt from older checkpoints' writes; the agent's state has none.
 */
export class LatestOnlyCheckpoints extends PostgresSaver {
  private readonly database: ConstructorParameters<typeof PostgresSaver>[0];
  private readonly prune: string;

  constructor(...args: ConstructorParameters<typeof PostgresSaver>) {
    super(...args);
    this.database = args[0];
    this.prune = pruneStatement(args[2]?.schema ?? 'public');
  }

  override async put(...args: Parameters<PostgresSaver['put']>): Promise<RunnableConfig> {
    const stored = await super.put(...args);
    const { thread_id: threadId, checkpoint_ns: namespace = '' } = stored.configurable ?? {};
    await this.database.query(this.prune, [threadId, namespace, args[1].id]);
    return stored;
  }
}
