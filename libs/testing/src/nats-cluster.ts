import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { freePort, waitForPort } from './free-port.js';

/** Polls `$JS.API.INFO` until it answers without an error (no meta leader yet: 503). */
async function jetStreamAnswers(servers: string[], timeoutMs = 30_000): Promise<void> {
  const nc = await connect({ servers });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const reply = await nc.request('$JS.API.INFO', '', { timeout: 1_000 });
        if (!(reply.json() as { error?: unknown }).error) return;
      } catch {
        // no responders or a timeout while the cluster forms
      }
      if (Date.now() > deadline) throw new Error('the NATS cluster elected no JetStream leader');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await nc.close();
  }
}

/** One server of a test cluster: killed, paused and started again by the fault cases. */
export interface ClusterNode {
  /** Its `server_name`: what JetStream names as a stream's leader. */
  readonly name: string;
  readonly url: string;
  readonly pid: number | undefined;
  /** SIGKILL: no flush, no goodbye to the routes. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and store. */
  start(): Promise<void>;
  /** SIGSTOP: the process is there, its sockets open, and it answers nothing. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
}

export interface TestNatsCluster {
  /** Every node's URL, comma-separated: what NATS_URL takes. */
  readonly url: string;
  readonly nodes: readonly ClusterNode[];
  node(name: string): ClusterNode;
  stop(): Promise<void>;
}

/**
 * A JetStream cluster of `size` nats-server processes on 127.0.0.1 (free client and route ports,
 * a temporary store each), routed to one another: what an R3 stream needs. Resolves once the
 * cluster has elected its JetStream meta leader (the JetStream API answers).
 */
export async function startNatsCluster(size = 3): Promise<TestNatsCluster> {
  const ports = await Promise.all(
    Array.from({ length: size }, async () => ({
      client: await freePort(),
      route: await freePort(),
    })),
  );
  const dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.route}`);
  const children = new Map<string, ChildProcess>();

  const nodes = ports.map((port, i): ClusterNode => {
    const name = `n${i + 1}`;
    const config = join(dir, `${name}.conf`);
    writeFileSync(
      config,
      [
        `server_name: ${name}`,
        `listen: "127.0.0.1:${port.client}"`,
        `jetstream { store_dir: ${JSON.stringify(join(dir, name))} }`,
        'cluster {',
        '  name: test-cluster',
        `  listen: "127.0.0.1:${port.route}"`,
        `  routes: [${routes.filter((_, j) => j !== i).join(', ')}]`,
        '}',
        '',
      ].join('\n'),
    );
    const start = async () => {
      const child = spawn('nats-server', ['-c', config], { stdio: 'ignore' });
      children.set(name, child);
      await waitForPort(port.client);
    };
    return {
      name,
      url: `nats://127.0.0.1:${port.client}`,
      get pid() {
        return children.get(name)?.pid;
      },
      start,
      kill: async () => {
        const child = children.get(name);
        children.delete(name);
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      },
      pause: () => void children.get(name)?.kill('SIGSTOP'),
      resume: () => void children.get(name)?.kill('SIGCONT'),
    };
  });

  const killAll = () => {
    for (const child of children.values()) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
  };
  process.once('exit', killAll);
  await Promise.all(nodes.map((node) => node.start()));
  await jetStreamAnswers(nodes.map((n) => n.url));
  return {
    url: nodes.map((n) => n.url).join(','),
    nodes,
    node: (name) => {
      const found = nodes.find((n) => n.name === name);
      if (!found) throw new Error(`no cluster node ${name}`);
      return found;
    },
    stop: async () => {
      for (const node of nodes) {
        node.resume();
        await node.kill();
      }
      process.removeListener('exit', killAll);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
