import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

/** The repository root: this file sits in `libs/testing/{src,dist}/`. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTPUT_KEPT = 64 * 1024;
const STOP_GRACE_MS = 5_000;

/** Children still running when this process exits are killed, whatever path led there. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export interface ServiceProcess {
  readonly name: string;
  readonly url: string;
  /** The running child's pid (null while it is down). */
  pid(): number | null;
  /** Whether the child is down (exited on its own, killed or stopped). */
  exited(): boolean;
  /** SIGKILL: no shutdown hook runs, in-flight work is simply gone. */
  kill(): Promise<void>;
  /** SIGTERM (shutdown hooks run), SIGKILL if it is still there after a grace period. */
  stop(): Promise<void>;
  /** Starts it again on the same port and environment, and waits until it is ready. */
  start(): Promise<void>;
  /** The last 64 KiB of its stdout and stderr, for failure messages. */
  output(): string;
}

/**
 * Runs one service the way it is deployed: `node services/<name>/dist/main.js` in a process of its
 * own (the build must be current) with only the environment given, on a fixed free port, ready
 * once `/health/ready` answers 200.
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  const isDown = () => !child || child.exitCode !== null || child.signalCode !== null;

  const signal = async (signal: NodeJS.Signals, graceMs?: number) => {
    const target = child;
    child = null;
    if (!target || target.exitCode !== null || target.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => target.once('exit', () => resolve()));
    target.kill(signal);
    const force = graceMs === undefined ? null : setTimeout(() => target.kill('SIGKILL'), graceMs);
    await exited;
    if (force) clearTimeout(force);
  };
  const start = async () => {
    const spawned = spawn(process.execPath, [`${REPO_ROOT}services/${name}/dist/main.js`], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: `${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    running.add(spawned);
    spawned.once('exit', () => running.delete(spawned));
    spawned.stdout.on('data', keep);
    spawned.stderr.on('data', keep);
    try {
      await waitUntilReady(url, isDown, options.readyTimeoutMs ?? 60_000);
    } catch (error) {
      await signal('SIGKILL');
      throw new Error(
        `${name} did not start: ${(error as Error).message}\n--- output ---\n${output}`,
      );
    }
  };

  await start();
  return {
    name,
    url,
    pid: () => child?.pid ?? null,
    exited: isDown,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM', STOP_GRACE_MS),
    start,
    output: () => output,
  };
}

async function waitUntilReady(url: string, isDown: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDown()) throw new Error('it exited before it was ready');
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}/health/ready was not 200 within ${timeoutMs} ms`);
}

/**
 * Starts several services at once (each migrates its own schema under a database lock). If any
 * fails, the others are stopped and the error names every failure with its output.
 */
export async function startServiceProcesses<N extends string>(
  names: readonly N[],
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<Record<N, ServiceProcess>> {
  const started = await Promise.allSettled(
    names.map((name) => startServiceProcess(name, env, options)),
  );
  const children = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failed.length > 0) {
    await Promise.all(children.map((child) => child.stop()));
    throw new Error(failed.map((e) => e.message).join('\n'));
  }
  return Object.fromEntries(children.map((child) => [child.name, child])) as Record<
    N,
    ServiceProcess
  >;
}
