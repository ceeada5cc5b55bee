import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ownProcess, releaseProcess } from './owned-processes.js';

export interface NatsHandle {
  readonly url: string;
  /** The server this command started, if it had to start one. */
  readonly child: ChildProcess | null;
  /** Stops the server this command started (nothing when it found one running). */
  stop(): Promise<void>;
}

/** Stops a nats-server this process started and waits until it has exited. */
async function stopStarted(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }
  releaseProcess(child.pid!);
}

export async function reachableWithJetStream(url: string): Promise<'ok' | 'down' | 'no-jetstream'> {
  try {
    const nc = await connect({ servers: url, timeout: 1500, reconnect: false });
    try {
      await jetstreamManager(nc);
      return 'ok';
    } catch {
      return 'no-jetstream';
    } finally {
      await nc.close();
    }
  } catch {
    return 'down';
  }
}

export const NATS_INSTALL_HINT =
  'Install nats-server and run it with JetStream: `apt-get install nats-server` (Debian/Ubuntu), ' +
  '`brew install nats-server` (macOS) or `go install github.com/nats-io/nats-server/v2@latest`, ' +
  'then `nats-server -js`. Or point NATS_URL at a NATS server that has JetStream enabled.';

/** Uses the NATS at `url`; when none answers and it is local, starts `nats-server -js` itself. */
export async function ensureNats(
  url: string,
  dataDir: string,
  log: (line: string) => void,
): Promise<NatsHandle> {
  const state = await reachableWithJetStream(url);
  if (state === 'ok') return { url, child: null, stop: async () => undefined };
  if (state === 'no-jetstream')
    throw new Error(`NATS at ${url} answers but has no JetStream: start it with -js.`);

  const target = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(target.hostname);
  const installed = spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!local || !installed)
    throw new Error(
      `NATS is not reachable at ${url}${installed ? '' : ' and nats-server is not installed'}. ${NATS_INSTALL_HINT}`,
    );

  mkdirSync(dataDir, { recursive: true });
  const port = target.port || '4222';
  log(`starting nats-server -js on port ${port} (store ${dataDir})`);
  const child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', port, '-sd', dataDir], {
    stdio: 'ignore',
  });
  // A failed spawn is reported below as "did not come up", not as an unhandled 'error' event.
  child.once('error', () => undefined);
  if (child.pid !== undefined)
    ownProcess({ name: 'nats-server', pid: child.pid, signal: 'SIGTERM' });
  for (let attempt = 0; attempt < 50 && child.exitCode === null; attempt++) {
    if ((await reachableWithJetStream(url)) === 'ok')
      return { url, child, stop: () => stopStarted(child) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid !== undefined) await stopStarted(child);
  throw new Error(`nats-server did not come up on ${url}. ${NATS_INSTALL_HINT}`);
}
