import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServiceProcess } from '@support/testing';
import { connectCustomer, customerTokens } from './load/customer-sockets.js';
import type { BystanderProbesData, BystanderProbesResult } from './load/bystander-probes.worker.js';
import { startInfrastructure } from './load/infrastructure.js';
import { withTeardown } from './load/teardown.js';
import { summarise } from './stats.js';

/** How often the bystanders probe the gateway while an attack runs. */
const PROBE_EVERY_MS = 50;
/** An attack whose answers have not all come back by then is reported as unanswered. */
const ATTACK_TIMEOUT_MS = 120_000;

export interface HostileFrame {
  readonly name: string;
  readonly frames: readonly string[];
}

/** A message frame of about `bytes` characters: `keys` extra keys, their values padded to fit. */
function wideFrame(keys: number, bytes: number): string {
  const parts = ['"type":"message"', '"clientMessageId":"wide"', '"text":"hi"'];
  const names = Array.from({ length: keys }, (_, i) => `"k${i.toString(36)}":""`);
  const bare = parts.join(',').length + names.join(',').length + keys + 2;
  const value = 'x'.repeat(Math.max(0, Math.floor((bytes - bare) / keys)));
  for (const name of names) parts.push(`${name.slice(0, -1)}${value}"`);
  return `{${parts.join(',')}}`;
}

/** The attacks of the outside test (issue 30, finding 2), frame for frame. */
export function hostileFrames(): HostileFrame[] {
  return [
    { name: 'wide_60000_keys', frames: Array(5).fill(wideFrame(60_000, 878_000)) },
    {
      name: 'nested_400000_deep',
      frames: Array(20).fill(`${'['.repeat(400_000)}${']'.repeat(400_000)}`),
    },
    {
      name: 'inherited_type_names',
      frames: ['toString', '__proto__', 'valueOf', 'constructor', 'hasOwnProperty'].map((type) =>
        JSON.stringify({ type }),
      ),
    },
  ];
}

/**
 * One socket sends each kind of hostile frame to a gateway child process while bystanders probe
 * it from a thread of their own: `GET /health/live` and another customer's `hello` → `ready`
 * round trip, every 50 ms. Reports
 * how long the attacker waited for its answers, their codes, and the bystanders' worst and median
 * latencies (what the event-loop stall costs everyone else), per attack.
 */
export async function hostileFramesBench(
  report: (row: Record<string, unknown>) => void,
): Promise<void> {
  await withTeardown(async (defer) => {
    const infrastructure = await startInfrastructure(defer);
    // The bystander says hello every 50 ms: its own limit must not be what the bench measures.
    const gateway = await startServiceProcess('gateway', {
      ...infrastructure.env,
      WS_HELLO_BURST: '100000',
      WS_HELLO_PER_MINUTE: '100000',
    });
    defer(() => gateway.stop());
    for (const attack of hostileFrames()) {
      const run = `${attack.name}-${Date.now().toString(36)}`;
      const [attackerToken, bystanderToken] = await customerTokens(infrastructure.tokens, [
        `attacker-${run}`,
        `bystander-${run}`,
      ]);
      const attacker = await connectCustomer(gateway.url, `attacker-${run}`, attackerToken!);
      defer(() => attacker.socket.ws.terminate());
      attacker.socket.ws.on('error', () => undefined);
      const probes = await probeWhile(gateway.url, `bystander-${run}`, bystanderToken!);
      await sleep(500);

      const sentAt = performance.now();
      const before = attacker.socket.frames.length;
      for (const frame of attack.frames) attacker.socket.send(frame);
      const answered = await waitForAnswers(attacker.socket, before, attack.frames.length);
      const attackerMs = performance.now() - sentAt;
      const { health, hello, failures } = await probes.stop();
      const codes: Record<string, number> = {};
      for (const frame of attacker.socket.frames.slice(before)) {
        const key = frame.type === 'error' ? String(frame.code) : frame.type;
        codes[key] = (codes[key] ?? 0) + 1;
      }
      report({
        bench: 'hostile_frames',
        attack: attack.name,
        frames: attack.frames.length,
        frame_bytes: attack.frames[0]!.length,
        answered,
        attacker_wait_ms: Math.round(attackerMs),
        codes,
        socket_closed: attacker.socket.ws.readyState !== attacker.socket.ws.OPEN,
        health_live_ms: summarise(health),
        other_customer_hello_ms: summarise(hello),
        probe_failures: [...new Set(failures)],
        gateway_alive: !gateway.exited(),
      });
    }
  });
}

async function waitForAnswers(
  socket: { frames: readonly unknown[]; ws: { readyState: number; OPEN: number } },
  before: number,
  expected: number,
): Promise<number> {
  const deadline = performance.now() + ATTACK_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (socket.frames.length - before >= expected || socket.ws.readyState !== socket.ws.OPEN) break;
    await sleep(10);
  }
  // Let a stall that outlasts the last answer show in the probes.
  await sleep(200);
  return socket.frames.length - before;
}

/** Starts the bystanders' worker; `stop` ends the probes and gives their latencies. */
async function probeWhile(gatewayUrl: string, customerId: string, token: string) {
  const data: BystanderProbesData = {
    gatewayUrl,
    customerId,
    token,
    everyMs: PROBE_EVERY_MS,
    timeoutMs: ATTACK_TIMEOUT_MS,
  };
  const worker = new Worker(new URL('./load/bystander-probes.worker.js', import.meta.url), {
    workerData: data,
  });
  const messages = (async function* () {
    for (;;) yield (await once(worker, 'message'))[0] as unknown;
  })();
  await messages.next(); // 'ready'
  return {
    stop: async (): Promise<BystanderProbesResult> => {
      worker.postMessage('stop');
      const result = (await messages.next()).value as BystanderProbesResult;
      await worker.terminate();
      return result;
    },
  };
}
