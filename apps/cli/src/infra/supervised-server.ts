import { type ChildProcess, spawn } from 'node:child_process';
import { ownProcess, releaseProcess } from './owned-processes.js';

export interface SupervisedServerSpec {
  /** What /proc/PID/comm says of it (the watchdog signals only that program). */
  readonly name: 'nats-server';
  readonly command: string;
  readonly args: readonly string[];
  /** Whether the server answers (polled after each start). */
  ready(): Promise<boolean>;
  log(line: string): void;
  /** Called once when restarting is given up: the caller exits loudly. */
  giveUp(reason: string): void;
  /** Delays before each restart; default RESTART_DELAYS_MS. */
  readonly restartDelaysMs?: readonly number[];
}

/** Waits before each restart, by consecutive failure (the last one is the most it waits). */
export const RESTART_DELAYS_MS: readonly number[] = [250, 1_000, 2_000, 4_000, 8_000];
/** A server up this long is healthy again: the next crash starts the backoff from the beginning. */
const STABLE_AFTER_MS = 60_000;
const READY_TIMEOUT_MS = 10_000;

/**
 * A server this process started and keeps running: when it exits without being asked to (a crash,
 * `kill -9`), it is started again with the same arguments after a growing delay; after
 * RESTART_DELAYS_MS.length failures in a row, `giveUp` is called instead of trying forever.
 */
export class SupervisedServer {
  private child: ChildProcess | null = null;
  private stopping = false;
  private failures = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(private readonly spec: SupervisedServerSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and waits until it answers; throws (with it stopped) when it does not. */
  async start(initial = true): Promise<void> {
    const child = spawn(this.spec.command, [...this.spec.args], { stdio: 'ignore' });
    this.child = child;
    this.startedAt = Date.now();
    // A failed spawn shows as an exit below, not as an unhandled 'error' event.
    child.once('error', () => undefined);
    if (child.pid !== undefined)
      ownProcess({ name: this.spec.name, pid: child.pid, signal: 'SIGTERM' });
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      if (await this.spec.ready()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The first start failing is the caller's error; a restart failing counts as a failure (exited).
    if (initial) this.stopping = true;
    await this.terminate(child);
    throw new Error(`${this.spec.name} did not come up (${this.spec.args.join(' ')})`);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.child) await this.terminate(this.child);
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child.pid !== undefined) releaseProcess(child.pid);
    if (this.stopping || child !== this.child) return;
    if (Date.now() - this.startedAt > STABLE_AFTER_MS) this.failures = 0;
    this.failures += 1;
    const how = signal ? `signal ${signal}` : `status ${code}`;
    const delays = this.spec.restartDelaysMs ?? RESTART_DELAYS_MS;
    if (this.failures > delays.length) {
      this.spec.giveUp(
        `${this.spec.name} (pid ${child.pid}) exited with ${how}, ${this.failures} times in a row: not restarting it`,
      );
      return;
    }
    const delay = delays[this.failures - 1]!;
    this.spec.log(
      `${this.spec.name} (pid ${child.pid}) exited with ${how}; restarting it in ${delay} ms ` +
        `(attempt ${this.failures} of ${delays.length})`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.start(false).then(
        () => this.spec.log(`${this.spec.name} restarted (pid ${this.child?.pid})`),
        // A start that did not come up exited (or was stopped): its exit counts the failure.
        (error: unknown) => this.spec.log(`restart failed: ${(error as Error).message}`),
      );
    }, delay);
  }

  /** SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
  private async terminate(child: ChildProcess): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    if (child.pid !== undefined) releaseProcess(child.pid);
  }
}
