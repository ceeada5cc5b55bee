import type pg from 'pg';
import { checkpointThreadOf } from './checkpoint-thread.js';

/**
 * One graph run per conversation at a time, across every agent replica: a Postgres advisory lock
 * on the conversation id, held on its own connection for the duration of the run.
 */
export class ConversationLock {
  constructor(private readonly pool: pg.Pool) {}

  async run<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const key = `agent:${checkpointThreadOf(conversationId)}`;
    const client = await this.pool.connect();
    // A connection dropped mid-run (a failover, a reaper) takes its lock with it; without a
    // listener its 'error' event would crash the process. The run itself is idempotent.
    let lost: Error | undefined;
    const onError = (error: Error) => (lost = error);
    client.on('error', onError);
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        return await work();
      } finally {
        if (!lost) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.off('error', onError);
      client.release(lost);
    }
  }
}
