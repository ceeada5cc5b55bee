import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually, freePort } from '@support/testing';
import { reachableWithJetStream } from './ensure-nats.js';
import { SupervisedServer } from './supervised-server.js';

/** A supervised `nats-server -js` on a free port, its log lines and give-up reason collected. */
async function supervisedNats(restartDelaysMs: number[]) {
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  const lines: string[] = [];
  const gaveUp: string[] = [];
  const server = new SupervisedServer({
    name: 'nats-server',
    command: 'nats-server',
    args: ['-a', '127.0.0.1', '-p', String(port)],
    ready: async () => (await reachableWithJetStream(url)) !== 'down',
    log: (line) => lines.push(line),
    giveUp: (reason) => gaveUp.push(reason),
    restartDelaysMs,
  });
  await server.start();
  return { server, url, lines, gaveUp };
}

describe('SupervisedServer', () => {
  const started: SupervisedServer[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await server.stop();
  });

  it('starts the server again after kill -9, on the same port', async () => {
    const nats = await supervisedNats([50, 50, 50]);
    started.push(nats.server);
    const first = nats.server.pid!;
    process.kill(first, 'SIGKILL');
    await eventually(() => nats.server.pid !== first && nats.server.pid !== undefined, 10_000);
    await eventually(async () => (await reachableWithJetStream(nats.url)) !== 'down', 10_000);
    expect(nats.lines[0]).toMatch(
      /exited with signal SIGKILL; restarting it in 50 ms \(attempt 1 of 3\)/,
    );
    expect(nats.gaveUp).toEqual([]);
  });

  it('gives up (the host exits loudly) after as many failures in a row as it has delays', async () => {
    const nats = await supervisedNats([50, 50]);
    started.push(nats.server);
    for (let kill = 1; kill <= 3; kill++) {
      const pid = await eventually(() => nats.server.pid ?? false, 10_000);
      await eventually(async () => (await reachableWithJetStream(nats.url)) !== 'down', 10_000);
      process.kill(pid, 'SIGKILL');
      if (kill < 3) await eventually(() => nats.server.pid !== pid, 10_000);
    }
    const reason = await eventually(() => nats.gaveUp[0] ?? false, 10_000);
    expect(reason).toMatch(/exited with signal SIGKILL, 3 times in a row: not restarting it/);
  });
});
