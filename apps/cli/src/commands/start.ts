import { resolve } from 'node:path';
import { ensureInfrastructure } from '../infra/ensure-infrastructure.js';
import { useLocalMasterKey } from '../infra/local-master-key.js';
import { hostServices } from '../host/service-host.js';
import { existsSync } from 'node:fs';
import { withMessage } from '../infra/with-message.js';
import { ingestCommand } from './ingest.js';
import { readRunningSystem, removeRunningSystem, writeRunningSystem } from '@support/platform/pure';
import { CliError, EXIT } from '../cli/exit-codes.js';
import { ownedProcesses } from '../infra/owned-processes.js';
import type { BusPasswords } from '../infra/local-bus-users.js';
import { turnsOnDemoMode } from './demo-mode.js';

const log = (line: string) => console.log(`[start] ${line}`);

/**
 * `start`: brings up NATS and PostgreSQL (the local servers, or ones it starts itself) and all six
 * services in this process, prints the chat URL, and stops everything on Ctrl-C.
 */
export async function startCommand(options: {
  dataDir: string;
  host: string;
  kbDir?: string;
}): Promise<void> {
  process.env.LOG_LEVELS ??= 'fatal,error,warn';
  if (turnsOnDemoMode(process.env)) {
    process.env.DEMO_TOKENS = 'true';
    log(
      'demo mode on (DEMO_TOKENS=true): the chat, admin and dashboard pages sign anyone in by name; ' +
        'set DEMO_TOKENS=false and AUTH_TOKEN_SECRET to run without it',
    );
  }
  const dataDir = resolve(options.dataDir);
  refuseSecondStart(dataDir);
  // However this process ends, a later command must not take it for a running system.
  process.on('exit', () => removeRunningSystem(dataDir, process.pid));
  useLocalMasterKey(dataDir, { create: true });
  const infrastructure = await ensureInfrastructure(dataDir, log, giveUp).catch(
    (error: unknown) => {
      throw withMessage(error, 'starting NATS and PostgreSQL');
    },
  );
  log(
    `NATS ${infrastructure.natsStarted ? 'started (a user per service, passwords in ' + dataDir + '/nats)' : 'found'} ` +
      `at ${infrastructure.natsUrl}; ` +
      `PostgreSQL at ${new URL(infrastructure.postgresUrl).host}`,
  );
  const state = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    natsUrl: infrastructure.natsUrl,
    databaseUrl: infrastructure.postgresUrl,
    children: ownedProcesses().map(({ name, pid }) => ({ name, pid })),
  };
  // Written as soon as the servers are there, so a second start during this one's start is refused.
  writeRunningSystem(dataDir, { ...state, chatUrl: null });

  const host = await hostAndIndex({
    ...options,
    busPasswords: infrastructure.busPasswords,
  }).catch(async (error: unknown) => {
    // What this run started (or adopted) must not outlive it.
    await infrastructure.stop().catch(() => undefined);
    throw withMessage(error, 'starting the services');
  });
  const gateway = host.services.find((s) => s.name === 'gateway')!;
  writeRunningSystem(dataDir, { ...state, chatUrl: `${gateway.url}/` });
  console.log(`\n  Chat: ${gateway.url}/\n\n  Press Ctrl-C to stop.\n`);

  await new Promise<void>((done) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      log('stopping');
      await host.close();
      await infrastructure.stop();
      removeRunningSystem(dataDir, process.pid);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/**
 * The nats-server this start supervises kept crashing: say so and exit, rather than serve a chat
 * whose every message fails (the 'exit' hook stops what it started).
 */
function giveUp(reason: string): void {
  console.error(`[start] error: ${reason}; stopping`);
  process.exit(EXIT.failed);
}

/** One `start` per data folder: a second one would fight the first for its ports and servers. */
function refuseSecondStart(dataDir: string): void {
  const running = readRunningSystem(dataDir);
  if (!running) return;
  throw new CliError(
    `npm start is already running (pid ${running.pid}, since ${running.startedAt}, data in ${dataDir}): ` +
      `chat at ${running.chatUrl ?? '(starting)'}, NATS at ${running.natsUrl}, ` +
      `PostgreSQL at ${new URL(running.databaseUrl).host}. ` +
      `Use that one, or stop it first (Ctrl-C in its terminal, or kill ${running.pid}).`,
    EXIT.alreadyRunning,
  );
}

/** All six services in this process, and the sample knowledge base indexed; closed if that fails. */
async function hostAndIndex(options: {
  host: string;
  kbDir?: string;
  busPasswords: BusPasswords | null;
}) {
  const host = await hostServices(undefined, {
    host: options.host,
    busPasswords: options.busPasswords,
  });
  try {
    for (const service of host.services)
      log(`${service.name.padEnd(15)} ${service.url}  (health: ${service.url}/health/ready)`);
    // The demo answers from the shipped sample knowledge base; re-indexing it is idempotent.
    if (options.kbDir && existsSync(options.kbDir)) {
      const { chunks, quarantined } = await ingestCommand({
        dir: options.kbDir,
        timeoutMs: 60_000,
        quiet: true,
        keepGoingOnQuarantine: true,
      });
      log(`knowledge base ${options.kbDir} indexed (${chunks} chunks)`);
      if (quarantined > 0)
        log(`${quarantined} document(s) quarantined and not served: see the report above`);
    }
    return host;
  } catch (error) {
    await host.close().catch(() => undefined);
    throw error;
  }
}
