import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTcpProxy, type TcpProxy, TEST_DATABASE_SERVER } from '@support/testing';
import { checkpointPool } from './checkpoint-pool.js';

describe('the checkpoint pool when Postgres goes away', () => {
  let proxy: TcpProxy;

  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_SERVER);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('survives a connection dropped while checked out, and works again once Postgres is back', async () => {
    const warnings: string[] = [];
    const pool = checkpointPool(proxy.urlThrough(TEST_DATABASE_SERVER), 2, (m) => warnings.push(m));
    // Checked out between two statements, as the checkpointer's transaction holds it.
    const client = await pool.connect();
    await client.query('SELECT 1');
    await proxy.down();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings.some((w) => w.startsWith('connection lost'))).toBe(true);
    await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminated/);
    client.release();

    await expect(pool.query('SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await proxy.up();
    expect((await pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    await pool.end();
  });

  it("reads the checkpointer's bytea arrays as Buffers, as pg does", async () => {
    const pool = checkpointPool(proxy.urlThrough(TEST_DATABASE_SERVER), 1, () => undefined);
    const { rows } = await pool.query(
      `SELECT array_agg(array[channel::bytea, blob]) AS blobs
         FROM (VALUES ('messages', decode('00ff7b7d', 'hex')), ('turn', NULL), ('', ''::bytea))
           AS t(channel, blob)`,
    );
    await pool.end();
    expect(rows[0].blobs).toEqual([
      [Buffer.from('messages'), Buffer.from([0, 0xff, 0x7b, 0x7d])],
      [Buffer.from('turn'), null],
      [Buffer.alloc(0), Buffer.alloc(0)],
    ]);
  });
});
