import pg from 'pg';
import { checkpointTypeParsers } from './bytea-array-parser.js';

/**
 * The pool behind the LangGraph checkpointer and the conversation locks. A connection that drops
 * while it is checked out (the checkpointer holds one between BEGIN and COMMIT) emits 'error' with
 * no pool listener on it; unheard, that would crash the process in a Postgres outage. Every
 * connection gets a listener for its whole life: the query in flight fails on its own, and the pool
 * discards the broken connection when it comes back. Checkpoint reads parse their `bytea[]`
 * columns with the fast parser (see `parseByteaArray`).
 */
export function checkpointPool(
  connectionString: string,
  max: number,
  warn: (message: string) => void,
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types: checkpointTypeParsers });
  pool.on('error', (error) => warn(`idle connection lost: ${error.message}`));
  pool.on('connect', (client) =>
    client.on('error', (error) => warn(`connection lost: ${error.message}`)),
  );
  return pool;
}
