import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The servers this process started (nats-server, embedded PostgreSQL), stopped on every way out:
 * the host's own stop path releases them after stopping them; `process.exit` (an error, a
 * library's signal handler) signals them synchronously on 'exit'; and when the process dies
 * without running anything (SIGKILL, a crash), the watchdog in reaper.ts, which outlives it,
 * stops them.
 */
export interface OwnedProcess {
  /** What /proc/PID/comm says, so a pid taken by another program is never signalled. */
  readonly name: 'nats-server' | 'postgres';
  readonly pid: number;
  /** nats-server: SIGTERM; PostgreSQL: SIGINT (fast shutdown). */
  readonly signal: NodeJS.Signals;
}

const owned = new Map<number, OwnedProcess>();
let watchdog: ChildProcess | null = null;
let exitHookInstalled = false;

function running(child: OwnedProcess): boolean {
  try {
    process.kill(child.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim() === child.name;
  } catch {
    return true;
  }
}

/** reaper.js beside this module when built; the built one when this runs from source (tests). */
function watchdogScript(): string {
  const beside = fileURLToPath(new URL('./reaper.js', import.meta.url));
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL('../../dist/infra/reaper.js', import.meta.url));
}

function tellWatchdog(line: string): void {
  if (!watchdog) {
    watchdog = spawn(process.execPath, [watchdogScript()], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    watchdog.unref();
    // A watchdog that could not start must not take the host down with an EPIPE.
    watchdog.on('error', () => undefined);
    watchdog.stdin!.on('error', () => undefined);
    (watchdog.stdin as Socket).unref();
  }
  watchdog.stdin!.write(`${line}\n`);
}

/** Registers a server this process started: from now on it never outlives this process. */
export function ownProcess(child: OwnedProcess): void {
  owned.set(child.pid, child);
  tellWatchdog(`watch ${child.pid} ${child.signal} ${child.name}`);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const child of owned.values()) if (running(child)) process.kill(child.pid, child.signal);
    });
  }
}

/**
 * An embedded PostgreSQL is starting in `dataDir` and its pid is not known yet: if this process
 * dies meanwhile, the watchdog stops whatever server the folder's lock names. Until `ownProcess`.
 */
export function postgresStarting(dataDir: string, starting: boolean): void {
  if (!starting && !watchdog) return;
  tellWatchdog(`${starting ? 'starting' : 'started'}-postgres ${dataDir}`);
}

/** After the host stopped it itself: the watchdog forgets it, and ends when nothing is left. */
export function releaseProcess(pid: number): void {
  if (!owned.delete(pid)) return;
  tellWatchdog(`release ${pid}`);
  if (owned.size === 0 && watchdog) {
    watchdog.stdin!.end('done\n');
    watchdog = null;
  }
}

export function ownedProcesses(): readonly OwnedProcess[] {
  return [...owned.values()];
}
