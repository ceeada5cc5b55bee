import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { TEST_DATABASE_SERVER } from './test-database.js';

describe('TCP proxy in front of the shared PostgreSQL', () => {
  let proxy: TcpProxy;
  let url: string;

  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_SERVER);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    url = proxy.urlThrough(TEST_DATABASE_SERVER);
  });
  afterAll(async () => {
    await proxy.close();
  });

  const connected = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };

  it('forwards, then drops open connections and refuses new ones while down, then forwards again', async () => {
    const client = await connected();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(proxy.openConnections()).toBe(1);

    // A dropped pg client emits 'error' (more than once: the reset, then the end).
    const lost = new Promise<Error>((resolve) => client.on('error', resolve));
    const running = client.query('SELECT pg_sleep(5)').then(
      () => null,
      (error: Error) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.down();
    expect(proxy.isDown()).toBe(true);
    expect((await running)?.message).toMatch(/Connection terminated unexpectedly|ECONNRESET/);
    await lost;
    expect(proxy.openConnections()).toBe(0);

    await expect(connected()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await proxy.up();
    const again = await connected();
    expect((await again.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    await again.end();
  });
});
