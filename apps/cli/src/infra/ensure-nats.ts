import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { NatsCredentials } from '@support/bus/pure';
import { OPS_USER } from '@support/bus/pure';
import { type BusPasswords, ensureBusPasswords, writeLocalNatsConfig } from './local-bus-users.js';
import { SupervisedServer } from './supervised-server.js';

export interface NatsHandle {
  readonly url: string;
  /** Each bus user's password when this command started the server (it has one user per service). */
  readonly passwords: BusPasswords | null;
  /** The server this command started and supervises, if it had to start one. */
  readonly server: SupervisedServer | null;
  /** Stops the server this command started (nothing when it found one running). */
  stop(): Promise<void>;
}

export async function reachableWithJetStream(
  url: string,
  credentials?: NatsCredentials,
): Promise<'ok' | 'down' | 'no-jetstream'> {
  try {
    const nc = await connect({
      servers: url.split(','),
      timeout: 1500,
      reconnect: false,
      ...(credentials ? { user: credentials.user, pass: credentials.password } : {}),
    });
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface EnsureNatsOptions {
  /** NATS_URL as configured; null when unset: then a server of its own always runs. */
  readonly url: string | null;
  /** The store, config and generated passwords of a server started here (`<data>/nats`). */
  readonly natsDir: string;
  readonly stream: string;
  /** Credentials to try a configured server with (NATS_USER / NATS_PASSWORD). */
  readonly credentials?: NatsCredentials;
  log(line: string): void;
  /** The supervised server crashed too often: the host exits loudly. */
  giveUp(reason: string): void;
}

/**
 * Uses the NATS at NATS_URL when one answers there. Otherwise (NATS_URL unset, or nothing answers
 * at a local NATS_URL) starts nats-server itself, with the production users and permissions and
 * passwords generated into `natsDir`, and restarts it when it dies (see SupervisedServer).
 */
export async function ensureNats(options: EnsureNatsOptions): Promise<NatsHandle> {
  const { url, log } = options;
  if (url !== null) {
    const state = await reachableWithJetStream(url, options.credentials);
    if (state === 'ok') return { url, passwords: null, server: null, stop: async () => undefined };
    if (state === 'no-jetstream')
      throw new Error(`NATS at ${url} answers but has no JetStream: start it with -js.`);
  }
  const target = url === null ? null : new URL(url.split(',')[0]!);
  const local = target === null || ['127.0.0.1', 'localhost', '::1'].includes(target.hostname);
  const installed = spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!local || !installed)
    throw new Error(
      `NATS is not reachable at ${url}${installed ? '' : ' and nats-server is not installed'}. ${NATS_INSTALL_HINT}`,
    );

  const port = target?.port ? Number(target.port) : await freePort();
  const ownUrl = `nats://127.0.0.1:${port}`;
  const passwords = ensureBusPasswords(options.natsDir);
  const config = writeLocalNatsConfig(options.natsDir, {
    port,
    stream: options.stream,
    passwords,
  });
  const ops = { user: OPS_USER, password: passwords[OPS_USER] };
  log(`starting nats-server on port ${port} with a user per service (config ${config})`);
  const server = new SupervisedServer({
    name: 'nats-server',
    command: 'nats-server',
    args: ['-c', config],
    ready: async () => (await reachableWithJetStream(ownUrl, ops)) === 'ok',
    log,
    giveUp: options.giveUp,
  });
  try {
    await server.start();
  } catch {
    throw new Error(`nats-server did not come up on ${ownUrl}. ${NATS_INSTALL_HINT}`);
  }
  return { url: ownUrl, passwords, server, stop: () => server.stop() };
}
