import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  assertTestDatabaseName,
  startNatsServer,
  TEST_DATABASE_SERVER,
  type TestNatsServer,
} from '@support/testing';
import pg from 'pg';
import { ensureInfrastructure } from './ensure-infrastructure.js';

describe('ensureInfrastructure', () => {
  let nats: TestNatsServer;
  let dataDir: string;
  const name = `support_test_fresh_${Date.now().toString(36)}`;
  const saved = { NATS_URL: process.env.NATS_URL, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    assertTestDatabaseName(name);
    nats = await startNatsServer();
    dataDir = mkdtempSync(join(tmpdir(), 'infra-'));
  });
  afterAll(async () => {
    // process.env turns undefined into the string "undefined": unset what was unset.
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_SERVER });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the database a fresh server does not have yet (cli eval on a new machine)', async () => {
    const url = new URL(TEST_DATABASE_SERVER);
    url.pathname = `/${name}`;
    process.env.NATS_URL = nats.url;
    process.env.DATABASE_URL = url.toString();
    const infrastructure = await ensureInfrastructure(dataDir, () => undefined);
    try {
      expect(infrastructure.natsStarted).toBe(false);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
      await client.end();
      expect(rows[0]!.name).toBe(name);
    } finally {
      await infrastructure.stop();
    }
  });
});
