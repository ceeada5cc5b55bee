import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeRunningSystem } from '@support/platform';
import {
  freePort,
  startNatsServer,
  TEST_DATABASE_SERVER,
  type TestNatsServer,
} from '@support/testing';
import { CliError, EXIT } from './exit-codes.js';
import { requireReachable, useRunningSystem } from './system-connections.js';

describe('finding the NATS and PostgreSQL of the running system', () => {
  let nats: TestNatsServer;
  let dataDir: string;
  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = mkdtempSync(join(tmpdir(), 'cli-data-'));
  });
  afterAll(async () => {
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses what a running npm start wrote in its data folder, and reaches both', async () => {
    writeRunningSystem(dataDir, {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      natsUrl: nats.url,
      databaseUrl: TEST_DATABASE_SERVER,
      chatUrl: null,
      children: [],
    });
    const env: Record<string, string | undefined> = {};
    const found = useRunningSystem(dataDir, env);
    expect(env).toEqual({ NATS_URL: nats.url, DATABASE_URL: TEST_DATABASE_SERVER });
    expect(found.database.from).toContain(join(dataDir, 'system.json'));
    await expect(requireReachable(found, { nats: true, database: true })).resolves.toBeUndefined();
  });

  it('lets NATS_URL and DATABASE_URL win over the running system', async () => {
    const env: Record<string, string | undefined> = {
      DATABASE_URL: 'postgres://x@db:5432/support',
    };
    const found = useRunningSystem(dataDir, env);
    expect(found.database).toEqual({ url: 'postgres://x@db:5432/support', from: 'DATABASE_URL' });
    expect(found.nats.url).toBe(nats.url);
  });

  it('ignores the file of a start that is gone, and says where it looked when nothing answers', async () => {
    const deadPort = await freePort();
    writeRunningSystem(dataDir, {
      pid: 2 ** 22 + 1, // above the kernel's pid limit: no such process
      startedAt: new Date().toISOString(),
      natsUrl: nats.url,
      databaseUrl: TEST_DATABASE_SERVER,
      chatUrl: null,
      children: [],
    });
    const env: Record<string, string | undefined> = {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/support`,
    };
    const found = useRunningSystem(dataDir, env);
    expect(found.nats.url).toBe('nats://127.0.0.1:4222');
    const failure = await requireReachable(found, { database: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).exitCode).toBe(EXIT.unavailable);
    const message = (failure as CliError).message;
    expect(message).toContain(`PostgreSQL at 127.0.0.1:${deadPort} (from DATABASE_URL)`);
    expect(message).toContain('left by an npm start that is no longer running');
    expect(message).toContain('npm start');
  });
});
