import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PersonalData, PostgresCustomerKeyStore } from '@support/privacy';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../database.js';
import { type ProjectionHarness, startProjectionHarness } from '../testing/projection-harness.js';
import { forgetCustomer } from './forget-customer.js';
import { reapplyForgotten } from './reapply-forgotten.js';

const run = promisify(execFile);
const WORDS = 'deliver to Villa 12, Al Olaya, call 0551234567';

describe('restoring a database dumped before an erasure', () => {
  let harness: ProjectionHarness;
  let restored: TestDatabase;
  let restoredSource: DataSource | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'restore-test-'));
  const masterKey = randomBytes(32);
  const personalDataOn = (dataSource: DataSource) =>
    new PersonalData(new PostgresCustomerKeyStore(dataSource), masterKey);

  beforeAll(async () => {
    harness = await startProjectionHarness('restore-test');
    restored = await createTestDatabase();
  });

  afterAll(async () => {
    await restoredSource?.destroy();
    await restored?.drop();
    await harness?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the customer unreadable once the log’s erasures are applied again', async () => {
    const live = harness.dataSource;
    const sealed = await personalDataOn(live).sealText('cust-restore', WORDS);
    const dump = join(folder, 'before-erasure.sql');
    await run('pg_dump', ['--no-owner', '--dbname', harness.database.url, '--file', dump]);
    // The dump alone holds the wrapped key, never the customer's id or words.
    const dumped = readFileSync(dump, 'utf8');
    expect(dumped).toContain('customer_data_keys');
    expect(dumped).not.toContain('cust-restore');
    expect(dumped).not.toContain('0551234567');

    await forgetCustomer(
      {
        dataSource: live,
        personalData: personalDataOn(live),
        publish: (event) => harness.publisher.publish(event),
        now: () => new Date(),
      },
      { customerId: 'cust-restore', requestedBy: 'cli', reason: 'request' },
    );
    expect(await personalDataOn(live).openText(sealed)).toEqual({ kind: 'erased' });

    // The old dump restored: its key was live when it was dumped, so it opens again...
    await run('psql', ['--quiet', '--dbname', restored.url, '--file', dump]);
    restoredSource = await openDatabase({ url: restored.url, poolSize: 2 });
    expect(await personalDataOn(restoredSource).openText(sealed)).toEqual({
      kind: 'open',
      value: WORDS,
    });
    // ...until the erasures the log keeps are applied again.
    expect(await reapplyForgotten(harness.bus, personalDataOn(restoredSource))).toEqual({
      customers: 1,
      keys: 1,
    });
    expect(await personalDataOn(restoredSource).openText(sealed)).toEqual({ kind: 'erased' });
    const [row] = await restoredSource.query(
      'SELECT wrapped_key, destroyed_at FROM customer_data_keys',
    );
    expect(row).toEqual({ wrapped_key: null, destroyed_at: expect.any(Date) });
  });
});
