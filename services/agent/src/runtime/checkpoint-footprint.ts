import type pg from 'pg';
import { checkpointThreadOf } from './checkpoint-thread.js';
import { CHECKPOINT_SCHEMA } from './latest-only-checkpoints.js';

/** What a conversation's checkpoint thread holds in Postgres: rows per table and their bytes. */
export interface CheckpointFootprint {
  readonly checkpoints: number;
  readonly blobs: number;
  readonly writes: number;
  /** The rows' sizes (`pg_column_size` of each whole row) over the three tables. */
  readonly bytes: number;
}

const TABLES = ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes'] as const;

const FOOTPRINT_SQL = TABLES.map(
  (table) =>
    `SELECT '${table}' AS part, count(*)::int AS rows,
            coalesce(sum(pg_column_size(t.*)), 0)::int AS bytes
       FROM "${CHECKPOINT_SCHEMA}".${table} t WHERE thread_id = $1`,
).join(' UNION ALL ');

/** The footprint of one conversation's checkpoints (bench and tests: does it stay flat?). */
export async function checkpointFootprint(
  database: pg.Pool,
  conversationId: string,
): Promise<CheckpointFootprint> {
  const { rows } = await database.query<{ part: string; rows: number; bytes: number }>(
    FOOTPRINT_SQL,
    [checkpointThreadOf(conversationId)],
  );
  const of = (table: (typeof TABLES)[number]) => rows.find((row) => row.part === table)!;
  return {
    checkpoints: of('checkpoints').rows,
    blobs: of('checkpoint_blobs').rows,
    writes: of('checkpoint_writes').rows,
    bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
  };
}
