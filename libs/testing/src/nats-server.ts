import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port.js';

export interface TestNatsServer {
  readonly url: string;
  readonly port: number;
  readonly storeDir: string;
  /** Kills the server (SIGKILL: no graceful flush) and starts it again on the same port and store. */
  restart(options?: { downMs?: number }): Promise<void>;
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface NatsServerOptions {
  /**
   * nats.conf text the server runs with, e.g. an `authorization` block (users and permissions);
   * the port, store and JetStream flags are still the test's own.
   */
  readonly config?: string;
}

/**
 * Servers still running when this process exits (a crashed bench, a failed suite) are killed and
 * their temporary folders removed, whatever path led there.
 */
const leftovers = new Map<string, () => void>();
process.once('exit', () => leftovers.forEach((cleanUp) => cleanUp()));

/** A test-owned `nats-server -js` on a free port with a temporary store, torn down by `stop`. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<TestNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'nats-test-'));
  let configDir: string | null = null;
  const configArgs: string[] = [];
  if (options.config !== undefined) {
    configDir = mkdtempSync(join(tmpdir(), 'nats-conf-'));
    writeFileSync(join(configDir, 'nats.conf'), options.config);
    configArgs.push('-c', join(configDir, 'nats.conf'));
  }
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(
      'nats-server',
      [...configArgs, '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  leftovers.set(storeDir, () => {
    (child as ChildProcess | null)?.kill('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    start,
    kill,
    restart: async ({ downMs = 500 } = {}) => {
      await kill();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    stop: async () => {
      await kill();
      leftovers.delete(storeDir);
      rmSync(storeDir, { recursive: true, force: true });
      if (configDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
}
