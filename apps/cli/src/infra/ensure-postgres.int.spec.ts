import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@support/testing';
import { ensurePostgres, reachable } from './ensure-postgres.js';
import { isAlive, readPostmasterLock, stopPostmaster } from './postmaster-lock.js';

/** The built CLI module a real `npm start` runs (the build must be current, as for service processes). */
const BUILT = fileURLToPath(new URL('../../dist/infra/ensure-postgres.js', import.meta.url));

/** What `npm start` does first, in a process of its own, which the test then kills with -9. */
const START_SCRIPT = `
const [url, dataDir, port] = process.argv.slice(1);
const { ensurePostgres } = await import(${JSON.stringify(BUILT)});
const postgres = await ensurePostgres(url, dataDir, () => undefined, { port: Number(port) });
console.log('READY ' + postgres.url);
setInterval(() => undefined, 1 << 30);
`;

/** The watchdog `pid` started (a child running reaper.js). */
function watchdogsOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return (
          Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid &&
          readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('reaper.js')
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

function readyUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no READY in ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /^READY (\S+)$/m.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', () => reject(new Error(`the start process exited: ${output}`)));
  });
}

describe('embedded PostgreSQL across a start killed with -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-pg-test-'));
  let port: number;
  /** Nothing listens here, so ensurePostgres turns to the embedded server. */
  let unreachable: string;

  beforeAll(async () => {
    port = await freePort();
    unreachable = `postgres://postgres@127.0.0.1:${await freePort()}/support_test_embedded`;
  });

  afterAll(async () => {
    const pid = readPostmasterLock(dataDir)?.pid;
    if (pid) await stopPostmaster(pid);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the next start reuses the server the killed one left behind, and stops it when it stops', async () => {
    const first = spawn(
      process.execPath,
      ['--input-type=module', '-e', START_SCRIPT, unreachable, dataDir, String(port)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const firstUrl = await readyUrl(first, 25_000);
    const exited = new Promise((resolve) => first.once('exit', resolve));
    // Its watchdog (owned-processes.ts) would stop the server; an orphan is left only when the
    // watchdog dies too (killed with it, a machine that kills every process but the server).
    for (const pid of watchdogsOf(first.pid!)) process.kill(pid, 'SIGKILL');
    first.kill('SIGKILL');
    await exited;
    // The trap: the server outlives its parent and keeps the data directory locked.
    const orphan = readPostmasterLock(dataDir)!.pid!;
    expect(isAlive(orphan)).toBe(true);

    const logs: string[] = [];
    const second = await ensurePostgres(unreachable, dataDir, (line) => logs.push(line), { port });
    expect(second.url).toBe(firstUrl);
    expect(logs.join('\n')).toContain(
      `reusing the embedded PostgreSQL (pid ${orphan}, port ${port})`,
    );
    expect(await reachable(second.url)).toBe(true);

    await second.stop();
    expect(isAlive(orphan)).toBe(false);
    expect(await reachable(second.url)).toBe(false);
  }, 30_000);

  it.each([
    ['a dead server', () => `${spawnSync(process.execPath, ['-e', '']).pid}\n${dataDir}\n0\n`],
    ['a garbled lock', () => ''],
  ])(
    'a lock left by %s is removed and a fresh server starts',
    async (_, lock) => {
      writeFileSync(join(dataDir, 'postmaster.pid'), lock());
      const logs: string[] = [];
      const postgres = await ensurePostgres(unreachable, dataDir, (line) => logs.push(line), {
        port,
      });
      try {
        expect(logs.join('\n')).toMatch(/removing the stale lock .*postmaster\.pid/);
        expect(await reachable(postgres.url)).toBe(true);
      } finally {
        await postgres.stop();
      }
    },
    30_000,
  );

  it('picks a free port and keeps its socket in the data folder, so two checkouts start side by side', async () => {
    const other = mkdtempSync(join(tmpdir(), 'embedded-pg-test-second-'));
    const first = await ensurePostgres(unreachable, dataDir, () => undefined);
    try {
      const second = await ensurePostgres(unreachable, other, () => undefined);
      try {
        expect(new URL(second.url).port).not.toBe(new URL(first.url).port);
        expect(await reachable(first.url)).toBe(true);
        expect(await reachable(second.url)).toBe(true);
        for (const [folder, url] of [
          [dataDir, first.url],
          [other, second.url],
        ] as const)
          expect(readdirSync(folder)).toContain(`.s.PGSQL.${new URL(url).port}`);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
      rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);

  it('says what is in the way when the port it was given is taken', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const busy = (taken.address() as { port: number }).port;
    try {
      await expect(
        ensurePostgres(unreachable, dataDir, () => undefined, { port: busy }),
      ).rejects.toMatchObject({
        code: 'database_unavailable',
        message: expect.stringContaining(`cannot take port ${busy}: another program listens on it`),
      });
    } finally {
      taken.close();
    }
  });

  it('a server that cannot start says why, with its own words', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'embedded-pg-test-broken-'));
    try {
      writeFileSync(join(broken, 'PG_VERSION'), '9\n');
      const failure = ensurePostgres(unreachable, broken, () => undefined, { port });
      await expect(failure).rejects.toMatchObject({
        code: 'database_unavailable',
        // The reason, then the server's own last lines (here: it cannot read the directory).
        message: expect.stringMatching(
          /^embedded PostgreSQL did not start \(data in .*: the server exited while starting\n.*postgres/s,
        ),
      });
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 30_000);
});
