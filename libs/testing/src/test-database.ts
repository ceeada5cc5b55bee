import pg from 'pg';

export const TEST_DATABASE_SERVER =
  process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** Refuses any database whose name does not say it is for tests. */
export function assertTestDatabaseName(name: string): void {
  if (!/(^|_)test(_|$)/.test(name))
    throw new Error(`Refusing to use database "${name}": its name must contain "test"`);
}

/** Creates a fresh, uniquely named test database on the local server; `drop` removes it. */
export async function createTestDatabase(prefix = 'support_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  assertTestDatabaseName(name);
  const admin = new pg.Client({ connectionString: TEST_DATABASE_SERVER });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_SERVER });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
