import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** What `postmaster.pid` in a data directory says: the server's pid (line 1) and port (line 4). */
export interface PostmasterLock {
  readonly path: string;
  /** Null when the file is cut short or garbled (a server killed while writing it). */
  readonly pid: number | null;
  readonly port: number | null;
}

const positive = (line: string | undefined) => {
  const value = Number.parseInt(line ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** The lock file of the server that holds (or held) `dataDir`, if there is one. */
export function readPostmasterLock(dataDir: string): PostmasterLock | null {
  const path = join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  return { path, pid: positive(lines[0]), port: positive(lines[3]) };
}

/** An exited process its parent has not reaped yet still takes signals: it is not alive. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user (postgres run as its own user).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Whether a live pid is a PostgreSQL server, and not a process that took a dead server's pid. */
export function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    const ps = spawnSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
    return /(^|\/)postgres\s*$/.test(ps.stdout ?? '');
  }
}

/** A lock whose server is gone: removed, so the server can start (a garbled one stops it). */
export function removeStaleLock(lock: PostmasterLock): void {
  rmSync(lock.path, { force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a PostgreSQL server by pid: SIGINT (fast shutdown: disconnects clients, checkpoints), and
 * SIGQUIT (immediate, recovered at the next start) if it has not exited within `timeoutMs`.
 */
export async function stopPostmaster(pid: number, timeoutMs = 20_000): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await sleep(500);
      return;
    }
    await sleep(100);
  }
}
