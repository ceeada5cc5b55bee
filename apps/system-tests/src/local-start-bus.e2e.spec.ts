/**
 * The NATS that `npm start` runs: its own nats-server on a free port with the production users and
 * permissions (generated from BUS_ACCESS), passwords generated into the data folder, each service
 * as its own user; and supervised: killed with SIGKILL, it is started again and the chat recovers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ReplySent } from '@support/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@support/testing';
import { demoToken } from './support/browser-pages.js';
import { ask, openCustomerSocket } from './support/support-stack.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(REPO, 'apps/cli/dist/main.js');
const GATEWAY = 'http://127.0.0.1:8080';

/** The nats-server processes whose command line names `config`. */
function natsServersOf(config: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '';
      if (cmdline.startsWith('nats-server') && cmdline.includes(config) && !state.startsWith('Z'))
        pids.push(Number(pid));
    } catch {
      // gone while we looked
    }
  }
  return pids;
}

const ready = async () => {
  try {
    return (await fetch(`${GATEWAY}/health/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
};

describe('the NATS of npm start', () => {
  let dataDir: string;
  let database: TestDatabase;
  let host: ChildProcess;
  let output = '';
  let natsUrl: string;
  let passwords: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'start-bus-'));
    const kbDir = join(dataDir, 'kb');
    mkdirSync(kbDir);
    for (const file of ['retail-returns.md', 'size-exchanges.md'])
      copyFileSync(join(REPO, 'kb', file), join(kbDir, file));
    database = await createTestDatabase();
    const { NATS_URL: _url, NATS_USER: _user, NATS_PASSWORD: _password, ...env } = process.env;
    host = spawn(process.execPath, [CLI, 'start', '--data-dir', dataDir, '--kb', kbDir], {
      cwd: REPO,
      // NATS_URL unset: the start runs a nats-server of its own.
      env: { ...env, DATABASE_URL: database.url, LOG_LEVELS: 'fatal' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    host.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    host.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await eventually(() => {
      if (host.exitCode !== null) throw new Error(`start exited: ${output}`);
      return output.includes('Chat: ');
    }, 150_000);
    natsUrl = (
      JSON.parse(readFileSync(join(dataDir, 'system.json'), 'utf8')) as { natsUrl: string }
    ).natsUrl;
    passwords = JSON.parse(readFileSync(join(dataDir, 'nats/credentials.json'), 'utf8')) as Record<
      string,
      string
    >;
  }, 180_000);

  afterAll(async () => {
    if (host && host.exitCode === null) {
      const exited = new Promise((resolve) => host.once('exit', resolve));
      host.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('runs on a port of its own, with passwords only its owner can read', () => {
    expect(new URL(natsUrl).port).not.toBe('4222');
    for (const file of ['credentials.json', 'nats.conf'])
      expect([file, statSync(join(dataDir, 'nats', file)).mode & 0o777]).toEqual([file, 0o600]);
    expect(Object.keys(passwords).sort()).toEqual([
      'agent',
      'classifier',
      'escalation',
      'gateway',
      'ops',
      'reranker-proxy',
      'retrieval',
      'whatsapp',
    ]);
  });

  it('refuses a connection without credentials or with a wrong password', async () => {
    await expect(connect({ servers: natsUrl, reconnect: false })).rejects.toThrow(
      /Authorization Violation/,
    );
    await expect(
      connect({ servers: natsUrl, reconnect: false, user: 'gateway', pass: 'guessed' }),
    ).rejects.toThrow(/Authorization Violation/);
  });

  it("refuses a service's user a subject outside its permissions (the gateway publishing agent.reply_sent)", async () => {
    const nc = await connect({
      servers: natsUrl,
      reconnect: false,
      user: 'gateway',
      pass: passwords.gateway,
      inboxPrefix: '_INBOX_gateway',
    });
    try {
      await expect(
        jetstream(nc).publish(ReplySent.subject, '{}', { timeout: 2_000 }),
      ).rejects.toThrow(`Permissions Violation for Publish to "${ReplySent.subject}"`);
    } finally {
      await nc.close();
    }
  });

  it('restarts its nats-server after kill -9: readiness comes back and the next turn is answered', async () => {
    const config = join(dataDir, 'nats/nats.conf');
    const customer = await openCustomerSocket(
      GATEWAY,
      await demoToken(GATEWAY, 'cust-kill9', 'customer'),
    );
    expect(
      (await ask(customer.socket, 'How many days do I have to return an item?')).reply.kind,
    ).toBe('answer');
    const [pid] = natsServersOf(config);
    expect(pid).toBeDefined();
    const killedAt = Date.now();
    process.kill(pid!, 'SIGKILL');
    await eventually(() => {
      const now = natsServersOf(config);
      return now.length === 1 && now[0] !== pid;
    }, 30_000);
    await eventually(ready, 60_000, 250);
    const recoveredMs = Date.now() - killedAt;
    console.log(
      `nats-server restarted and the gateway ready again ${recoveredMs} ms after kill -9`,
    );
    expect(output).toMatch(/nats-server \(pid \d+\) exited with signal SIGKILL; restarting it/);
    const again = await eventually(
      async () => {
        const { reply } = await ask(customer.socket, 'Can I exchange an abaya for another size?');
        return reply;
      },
      60_000,
      1_000,
    );
    expect(['answer', 'abstention']).toContain(again.kind);
    customer.socket.close();
    expect(host.exitCode).toBeNull();
  }, 150_000);
});
