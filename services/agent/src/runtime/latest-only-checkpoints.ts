import type { RunnableConfig } from '@langchain/core/runnables';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

/** The schema the agent's checkpoint tables live in. */
export const CHECKPOINT_SCHEMA = 'agent_checkpoints';

/**
 * Stores checkpoint `$7` of thread `$1`, namespace `$2`, with the blobs of its new channel versions
 * (`$3`..`$6`, one array per column), and deletes what it made obsolete: the thread's older
 * checkpoints and their pending writes, and every blob neither it (`$11`, its channel versions) nor
 * a newer committed checkpoint names. One statement, so one round trip and atomic: PostgresSaver's
 * own `put` sends one INSERT per changed channel inside a transaction (up to 25 round trips a turn).
 * The parts of a statement share one snapshot: the DELETEs see neither the rows this statement
 * inserts nor a newer checkpoint's uncommitted rows, so they touch neither.
 */
const storeStatement = (schema: string) => `
  WITH new_blobs AS (
    INSERT INTO "${schema}".checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
    SELECT $1, $2, channel, version, type, blob
      FROM unnest($3::text[], $4::text[], $5::text[], $6::bytea[]) AS new(channel, version, type, blob)
    ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING
  ), new_checkpoint AS (
    INSERT INTO "${schema}".checkpoints
      (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
    VALUES ($1, $2, $7, $8, $9, $10)
    ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id)
    DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata
  ), older_checkpoints AS (
    DELETE FROM "${schema}".checkpoints
     WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id < $7
  ), older_writes AS (
    DELETE FROM "${schema}".checkpoint_writes
     WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id < $7
  )
  DELETE FROM "${schema}".checkpoint_blobs blob
   WHERE blob.thread_id = $1 AND blob.checkpoint_ns = $2
     AND NOT EXISTS (
       SELECT 1 FROM jsonb_each_text($11::jsonb) version
        WHERE version.key = blob.channel AND version.value = blob.version
     )
     AND NOT EXISTS (
       SELECT 1
         FROM "${schema}".checkpoints kept,
              jsonb_each_text(kept.checkpoint -> 'channel_versions') version
        WHERE kept.thread_id = $1 AND kept.checkpoint_ns = $2 AND kept.checkpoint_id > $7
          AND version.key = blob.channel AND version.value = blob.version
     )`;

/**
 * The Postgres checkpointer keeping only what a thread resumes from: its latest checkpoint, that
 * checkpoint's pending writes (a run paused in `human_review` leaves its interrupt there) and the
 * blobs of the channel versions it names. PostgresSaver keeps every checkpoint a thread ever had,
 * so its rows grew with the conversation; nothing here reads an older one (no time travel, no
 * state history). Each `put` stores the checkpoint and deletes the rest in one statement. Not for
 * graphs with `DeltaChannel`s, whose values are rebuilt from older checkpoints' writes; the
 * agent's state has none.
 */
export class LatestOnlyCheckpoints extends PostgresSaver {
  private readonly database: ConstructorParameters<typeof PostgresSaver>[0];
  private readonly store: string;

  constructor(...args: ConstructorParameters<typeof PostgresSaver>) {
    super(...args);
    this.database = args[0];
    this.store = storeStatement(args[2]?.schema ?? 'public');
  }

  override async put(...args: Parameters<PostgresSaver['put']>): Promise<RunnableConfig> {
    const [config, checkpoint, metadata, newVersions] = args;
    if (config.configurable === undefined) {
      throw new Error('Missing "configurable" field in "config" param');
    }
    const {
      thread_id: threadId,
      checkpoint_ns: namespace = '',
      checkpoint_id: parentId,
    } = config.configurable;
    const [blobs, storedMetadata] = await Promise.all([
      this._dumpBlobs(threadId, namespace, checkpoint.channel_values, newVersions),
      this._dumpMetadata(metadata),
    ]);
    await this.database.query(this.store, [
      threadId,
      namespace,
      blobs.map(([, , channel]) => channel),
      blobs.map(([, , , version]) => version),
      blobs.map(([, , , , type]) => type),
      blobs.map(([, , , , , bytes]) =>
        bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null,
      ),
      checkpoint.id,
      parentId,
      this._dumpCheckpoint(checkpoint),
      storedMetadata,
      checkpoint.channel_versions,
    ]);
    return {
      configurable: { thread_id: threadId, checkpoint_ns: namespace, checkpoint_id: checkpoint.id },
    };
  }
}
