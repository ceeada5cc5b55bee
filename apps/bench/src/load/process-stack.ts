import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@support/testing';

/** The repository root: this file sits in `apps/bench/{src,dist}/load/`. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const OUTPUT_KEPT = 64 * 1024;
const STOP_GRACE_MS = 5_000;

export interface ServiceProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Whether the child has exited (on its own or stopped). */
  exited(): boolean;
  /** The last 64 KiB of its stdout and stderr; kept out of the bench's JSON output. */
  output(): string;
  /** SIGTERM (shutdown hooks run), SIGKILL if it is still there after a grace period. */
  stop(): Promise<void>;
}

/** Children still running when the bench process exits are killed, whatever path led there. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/**
 * Runs one service as deployed, `node services/<name>/dist/main.js`, on a free port with only the
 * environment given (plus PATH/HOME), and waits until its `/health/ready` answers 200.
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${REPO_ROOT}services/${name}/dist/main.js`], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: `${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (hasExited()) return;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(kill);
  };
  try {
    await waitUntilReady(url, hasExited, readyTimeoutMs);
  } catch (error) {
    await stop();
    throw new Error(
      `${name} did not start: ${(error as Error).message}\n--- ${name} output ---\n${output}`,
    );
  }
  return { name, url, pid: child.pid!, exited: hasExited, output: () => output, stop };
}

async function waitUntilReady(url: string, hasExited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('it exited before it was ready');
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
 * Starts services in parallel (migrations take a database lock, the stream already exists), and
 * registers their stop. A child that dies later is named, with its output, by {@link deadChildren}.
 */
export async function startServiceProcesses(
  names: readonly string[],
  env: Record<string, string>,
  defer: (step: () => unknown) => void,
): Promise<Map<string, ServiceProcess>> {
  const started = await Promise.allSettled(names.map((name) => startServiceProcess(name, env)));
  const children = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  defer(() => Promise.all(children.map((child) => child.stop())));
  const failed = started.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failed.length > 0) throw new Error(failed.map((e) => e.message).join('\n'));
  return new Map(children.map((child) => [child.name, child]));
}

/** The output of children that exited while they should have been running, for error messages. */
export function deadChildren(children: Iterable<ServiceProcess>): string {
  return [...children]
    .filter((child) => child.exited())
    .map((child) => `--- ${child.name} exited ---\n${child.output()}`)
    .join('\n');
}
