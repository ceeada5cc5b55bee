import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseSealed } from '@support/contracts';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CustomerDataKeys1765800000000 } from '../migrations/1765800000000-customer-data-keys.js';
import { PersonalData } from '../personal-data.js';
import { PostgresCustomerKeyStore } from './postgres-customer-key-store.js';

const words = 'call me on 0551234567 about ORD-1001';

describe('PostgresCustomerKeyStore', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const masterKey = randomBytes(32);
  const personalData = () => new PersonalData(new PostgresCustomerKeyStore(dataSource), masterKey);

  beforeAll(async () => {
    database = await createTestDatabase('privacy_test');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [CustomerDataKeys1765800000000],
      migrationsTableName: 'typeorm_migrations',
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('seals in one process and opens in another, through the stored wrapped key', async () => {
    const sealed = await personalData().sealText('customer-1', words);
    expect(await personalData().openText(sealed)).toEqual({ kind: 'open', value: words });
  });

  it('gives concurrent first seals of one customer one key', async () => {
    const writers = Array.from({ length: 8 }, personalData);
    const sealed = await Promise.all(writers.map((w, i) => w.sealText('customer-2', `m${i}`)));
    expect(new Set(sealed.map((value) => parseSealed(value)!.keyId)).size).toBe(1);
  });

  it('holds nothing a dump could open: wrapped keys, and no customer id', async () => {
    await personalData().sealText('customer-3', words);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>(
        'SELECT row_to_json(k)::text AS row FROM customer_data_keys k',
      );
      const dump = rows.map((r) => r.row).join('\n');
      expect(dump).not.toContain('customer-3');
      expect(dump).toContain(personalData().customerRef('customer-3'));
    } finally {
      await client.end();
    }
  });

  it('forgets a customer: every value of theirs opens as erased, others still open', async () => {
    const writer = personalData();
    const sealed = await writer.sealText('customer-4', words);
    const kept = await writer.sealText('customer-5', 'kept');
    const reader = personalData();
    expect(await reader.openText(sealed)).toEqual({ kind: 'open', value: words });
    const forgotten = await personalData().forget('customer-4');
    expect(forgotten.keyIds).toEqual([parseSealed(sealed)!.keyId]);
    // A fresh process: no cache between it and the store.
    expect(await personalData().openText(sealed)).toEqual({ kind: 'erased' });
    expect(await personalData().openText(kept)).toEqual({ kind: 'open', value: 'kept' });
    const rows: { wrapped_key: Buffer | null; destroyed_at: Date | null }[] =
      await dataSource.query(
        'SELECT wrapped_key, destroyed_at FROM customer_data_keys WHERE key_id = $1',
        [forgotten.keyIds[0]],
      );
    expect(rows).toEqual([{ wrapped_key: null, destroyed_at: expect.any(Date) }]);
  });

  it('records a key it never had as destroyed (a restore of an older dump re-applying)', async () => {
    const writer = personalData();
    const sealed = await writer.sealText('customer-6', words);
    const keyId = parseSealed(sealed)!.keyId;
    await dataSource.query('DELETE FROM customer_data_keys WHERE key_id = $1', [keyId]);
    await personalData().destroyKeys({
      customerRef: writer.customerRef('customer-6'),
      keyIds: [keyId],
    });
    expect(await personalData().openText(sealed)).toEqual({ kind: 'erased' });
    expect(
      await new PostgresCustomerKeyStore(dataSource).keyIdsOf(writer.customerRef('customer-6')),
    ).toEqual([keyId]);
  });
});
