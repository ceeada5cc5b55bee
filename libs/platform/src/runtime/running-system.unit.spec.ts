import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  findSystemConnections,
  readRunningSystem,
  removeRunningSystem,
  type RunningSystem,
  runningSystemPath,
  writeRunningSystem,
} from './running-system.js';

const NO_SUCH_PID = 2 ** 22 + 1; // above Linux's pid limit

const state = (pid: number): RunningSystem => ({
  pid,
  startedAt: '2026-12-03T12:00:00.000Z',
  natsUrl: 'nats://127.0.0.1:4333',
  databaseUrl: 'postgres://postgres:postgres@127.0.0.1:54329/support',
  chatUrl: 'http://127.0.0.1:8080/',
  children: [{ name: 'postgres', pid: 1234 }],
});

describe('the running system file', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'running-system-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is read back while its process lives, and ignored once it is gone', () => {
    writeRunningSystem(dataDir, state(process.pid));
    expect(readRunningSystem(dataDir)).toEqual(state(process.pid));
    writeRunningSystem(dataDir, state(NO_SUCH_PID));
    expect(readRunningSystem(dataDir)).toBeNull();
    writeFileSync(runningSystemPath(dataDir), '{"pid": 1, "natsUrl"');
    expect(readRunningSystem(dataDir)).toBeNull();
  });

  it("is removed only by the process it describes (a refused second start leaves the first one's)", () => {
    writeRunningSystem(dataDir, state(process.pid));
    removeRunningSystem(dataDir, NO_SUCH_PID);
    expect(existsSync(runningSystemPath(dataDir))).toBe(true);
    removeRunningSystem(dataDir, process.pid);
    expect(existsSync(runningSystemPath(dataDir))).toBe(false);
  });

  it('gives the environment first, then the running start, then the defaults, saying which', () => {
    expect(findSystemConnections(dataDir, {}).database).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/support',
      from: 'the default (DATABASE_URL unset, no running npm start)',
    });
    writeRunningSystem(dataDir, state(process.pid));
    const found = findSystemConnections(dataDir, { NATS_URL: 'nats://elsewhere:4222' });
    expect(found.nats).toEqual({ url: 'nats://elsewhere:4222', from: 'NATS_URL' });
    expect(found.database.url).toBe('postgres://postgres:postgres@127.0.0.1:54329/support');
    expect(found.database.from).toContain(`(npm start, pid ${process.pid})`);
  });
});
