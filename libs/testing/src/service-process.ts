import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

/** The repository root: this file sits in `libs/testing/{src,dist}/`. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTPUT_KEPT = 64 * 1024;

export interface ServiceProcess {
  readonly name: string;
  readonly url: string;
  /** The running child's pid (null while it is down). */
  pid(): number | null;
  /** SIGKILL: no shutdown hook runs, in-flight work is simply gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and environment, and waits until it is ready. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** The last 64 KiB of its stdout and stderr, for failure messages. */
  output(): string;
}

/**
 * Runs one service the way it is deployed: `node services/<name>/dist/main.js` in a process of its
 * own (the build must be current), on a fixed free port, ready once `/health/ready` answers 200.
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = `${REPO_ROOT}services/${name}/dist/main.js`;
  let child: ChildProcess | null = null;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };

  const start = async () => {
    const running = spawn(process.execPath, [script], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = running;
    running.stdout.on('data', keep);
    running.stderr.on('data', keep);
    await waitUntilReady(url, running, options.readyTimeoutMs ?? 30_000, () => output);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  await start();
  return {
    name,
    url,
    pid: () => child?.pid ?? null,
    kill,
    start,
    restart: async () => {
      await kill();
      await start();
    },
    output: () => output,
  };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url} exited with ${child.exitCode} before it was ready:\n${output()}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms:\n${output()}`);
}
