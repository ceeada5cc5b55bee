import type pg from 'pg';

/**
 * One graph run per conversation at a time, across every agent replica: a Postgres advisory lock
 * on the conversation id, held on its own connection for the duration of the run.
 */
export class ConversationLock {
  constructor(private readonly pool: pg.Pool) {}

  async run<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`agent:${conversationId}`]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`agent:${conversationId}`]);
      }
    } finally {
      client.release();
    }
  }
}
