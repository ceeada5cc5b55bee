import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { connectCustomer } from './customer-sockets.js';

/** What the bench hands the worker. */
export interface BystanderProbesData {
  readonly gatewayUrl: string;
  readonly customerId: string;
  readonly token: string;
  readonly everyMs: number;
  readonly timeoutMs: number;
}

/** What the worker posts back when told to stop: each probe's latency in ms, and failures. */
export interface BystanderProbesResult {
  readonly health: number[];
  readonly hello: number[];
  readonly failures: string[];
}

/**
 * Bystanders of a gateway under attack, on a thread of their own so that the attacker's sending
 * (masking megabytes of frames) never delays a probe: `GET /health/live` and another customer's
 * `hello` → `ready`, every `everyMs`, until the bench posts 'stop'. Posts 'ready' once connected.
 */
async function probe(data: BystanderProbesData): Promise<void> {
  const bystander = await connectCustomer(data.gatewayUrl, data.customerId, data.token);
  const result: BystanderProbesResult = { health: [], hello: [], failures: [] };
  let running = true;
  parentPort!.once('message', () => (running = false));
  const loop = async (check: () => Promise<unknown>, into: number[]) => {
    while (running) {
      const started = performance.now();
      try {
        await check();
        into.push(performance.now() - started);
      } catch (error) {
        result.failures.push(error instanceof Error ? error.message : String(error));
      }
      await sleep(data.everyMs);
    }
  };
  parentPort!.postMessage('ready');
  await Promise.all([
    loop(() => fetch(`${data.gatewayUrl}/health/live`).then((r) => r.text()), result.health),
    loop(() => {
      const after = bystander.socket.frames.length;
      bystander.socket.send({ type: 'hello' });
      return bystander.socket.nextOfType('ready', data.timeoutMs, after);
    }, result.hello),
  ]);
  bystander.socket.ws.terminate();
  parentPort!.postMessage(result);
}

void probe(workerData as BystanderProbesData);
