import { readFileSync } from 'node:fs';

/**
 * The watchdog `owned-processes.ts` starts beside a host: a process of its own (own session, so
 * Ctrl-C and a closed terminal do not reach it) that reads `watch PID SIGNAL NAME` and
 * `release PID` lines on stdin (and `starting-postgres DIR` while an embedded server starts in DIR,
 * before its pid is known). When stdin ends without `done`, the host is gone, however it went
 * (SIGKILL included): every server still watched is stopped with its signal, then killed if it
 * lingers.
 */
const GRACE_MS = 10_000;
const watched = new Map<number, { signal: NodeJS.Signals; name: string }>();
/** PostgreSQL data folders being started: their server's pid is read from the lock at the end. */
const startingPostgres = new Set<string>();

function postmasterOf(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(`${dataDir}/postmaster.pid`, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number, name: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // A zombie is gone already; another program that took the pid is not ours to stop.
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z') && comm === name;
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

async function reap(): Promise<void> {
  for (const dataDir of startingPostgres) {
    const pid = postmasterOf(dataDir);
    if (pid !== null) watched.set(pid, { signal: 'SIGINT', name: 'postgres' });
  }
  const targets = [...watched].filter(([pid, { name }]) => isRunning(pid, name));
  for (const [pid, { signal }] of targets) process.kill(pid, signal);
  const deadline = Date.now() + GRACE_MS;
  while (Date.now() < deadline && targets.some(([pid, { name }]) => isRunning(pid, name)))
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const [pid, { name }] of targets) if (isRunning(pid, name)) process.kill(pid, 'SIGKILL');
  process.exit(0);
}

let buffer = '';
let done = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  buffer += chunk;
  const lines = buffer.split('\n');
  buffer = lines.pop() ?? '';
  for (const line of lines) {
    const [verb, pid, signal, name] = line.trim().split(' ');
    if (verb === 'watch' && pid && signal && name)
      watched.set(Number(pid), { signal: signal as NodeJS.Signals, name });
    else if (verb === 'release' && pid) watched.delete(Number(pid));
    else if (verb === 'starting-postgres' && pid)
      startingPostgres.add(line.trim().slice(verb.length + 1));
    else if (verb === 'started-postgres' && pid)
      startingPostgres.delete(line.trim().slice(verb.length + 1));
    else if (verb === 'done') done = true;
  }
});
process.stdin.on('end', () => {
  if (done) process.exit(0);
  else void reap();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
