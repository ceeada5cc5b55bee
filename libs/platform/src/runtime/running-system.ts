import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file `npm start` writes in its data folder while it runs: what it uses, and its pids. */
export const RUNNING_SYSTEM_FILE = 'system.json';
export const DEFAULT_DATA_DIR = '.data';
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/support';

export interface RunningSystem {
  /** The `npm start` process hosting the services. */
  readonly pid: number;
  readonly startedAt: string;
  readonly natsUrl: string;
  readonly databaseUrl: string;
  readonly chatUrl: string | null;
  /** Servers it started itself (nats-server, embedded PostgreSQL): stopped when it stops. */
  readonly children: readonly { readonly name: string; readonly pid: number }[];
}

export function runningSystemPath(dataDir: string): string {
  return join(dataDir, RUNNING_SYSTEM_FILE);
}

/** Whether `pid` names a live process (EPERM: alive, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The system an `npm start` with this data folder runs now; null when there is no file, it is
 * unreadable, or its process is gone (a killed start leaves the file behind: it is stale).
 */
export function readRunningSystem(dataDir: string): RunningSystem | null {
  let state: RunningSystem;
  try {
    state = JSON.parse(readFileSync(runningSystemPath(dataDir), 'utf8')) as RunningSystem;
  } catch {
    return null;
  }
  if (!Number.isInteger(state.pid) || typeof state.natsUrl !== 'string') return null;
  if (typeof state.databaseUrl !== 'string' || !processAlive(state.pid)) return null;
  return { ...state, children: Array.isArray(state.children) ? state.children : [] };
}

/** Written whole, then renamed into place, so a reader never sees half a file. */
export function writeRunningSystem(dataDir: string, state: RunningSystem): void {
  mkdirSync(dataDir, { recursive: true });
  const path = runningSystemPath(dataDir);
  writeFileSync(`${path}.${process.pid}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${path}.${process.pid}.tmp`, path);
}

/** Removes the file when it is `pid`'s own: a second start must not erase the first one's. */
export function removeRunningSystem(dataDir: string, pid: number): void {
  try {
    const state = JSON.parse(readFileSync(runningSystemPath(dataDir), 'utf8')) as { pid?: number };
    if (state.pid === pid) rmSync(runningSystemPath(dataDir), { force: true });
  } catch {
    // No file, or not one anyone can use: nothing of ours to remove.
  }
}

/** Where a NATS or PostgreSQL URL came from, said in words for messages. */
export interface ConnectionSource {
  readonly url: string;
  readonly from: string;
}

export interface SystemConnections {
  readonly nats: ConnectionSource;
  readonly database: ConnectionSource;
  /** Every place looked at, in order, for "cannot reach" messages. */
  readonly looked: readonly string[];
}

/**
 * The NATS and PostgreSQL a command should use: NATS_URL / DATABASE_URL when set; otherwise what
 * the running `npm start` of `dataDir` uses (it may have started its own nats-server or embedded
 * PostgreSQL on another port); otherwise the defaults.
 */
export function findSystemConnections(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): SystemConnections {
  const file = runningSystemPath(dataDir);
  const running = readRunningSystem(dataDir);
  const fromState = running ? `${file} (npm start, pid ${running.pid})` : null;
  const pick = (name: string, fromRunning: string | undefined, fallback: string) => {
    if (env[name]) return { url: env[name], from: `${name}` };
    if (fromState && fromRunning) return { url: fromRunning, from: fromState };
    return { url: fallback, from: `the default (${name} unset, no running npm start)` };
  };
  return {
    nats: pick('NATS_URL', running?.natsUrl, DEFAULT_NATS_URL),
    database: pick('DATABASE_URL', running?.databaseUrl, DEFAULT_DATABASE_URL),
    looked: [
      'NATS_URL and DATABASE_URL in the environment',
      running ? fromState! : `${file} (${describeMissingState(dataDir)})`,
      'the defaults',
    ],
  };
}

function describeMissingState(dataDir: string): string {
  try {
    readFileSync(runningSystemPath(dataDir));
    return 'left by an npm start that is no longer running';
  } catch {
    return 'not there: no npm start running from this folder';
  }
}
