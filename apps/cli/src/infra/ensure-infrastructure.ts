import { OPS_USER } from '@support/bus/pure';
import { ensureDatabaseExists } from '@support/persistence';
import { busEnv, databaseEnv, loadConfig } from '@support/platform/pure';
import type { BusPasswords } from './local-bus-users.js';
import { ensureNats } from './ensure-nats.js';
import { ensurePostgres } from './ensure-postgres.js';

export interface Infrastructure {
  readonly natsUrl: string;
  readonly natsStarted: boolean;
  /** Each bus user's password, when the NATS in use is the one started here. */
  readonly busPasswords: BusPasswords | null;
  readonly postgresUrl: string;
  stop(): Promise<void>;
}

/**
 * NATS and PostgreSQL as configured, started under `dataDir` when nothing answers (NATS always,
 * with its own users, when NATS_URL is unset); the services hosted afterwards read the bus and the
 * database actually in use from NATS_URL and DATABASE_URL. `stop` stops only what was started here.
 * `giveUp`: the NATS started here kept crashing (the caller exits loudly).
 */
export async function ensureInfrastructure(
  dataDir: string,
  log: (line: string) => void,
  giveUp: (reason: string) => void = (reason) => {
    console.error(`error: ${reason}`);
    process.exit(1);
  },
): Promise<Infrastructure> {
  const bus = loadConfig(busEnv);
  const nats = await ensureNats({
    url: process.env.NATS_URL ? bus.NATS_URL : null,
    natsDir: `${dataDir}/nats`,
    stream: bus.EVENT_STREAM,
    ...(bus.NATS_USER && bus.NATS_PASSWORD
      ? { credentials: { user: bus.NATS_USER, password: bus.NATS_PASSWORD } }
      : {}),
    log,
    giveUp,
  });
  process.env.NATS_URL = nats.url;
  // This process's own connections (ingest, the CLI's commands) are the operators'; each hosted
  // service connects as its own user (hostServices).
  if (nats.passwords) {
    process.env.NATS_USER = OPS_USER;
    process.env.NATS_PASSWORD = nats.passwords[OPS_USER];
  }
  const postgres = await ensurePostgres(
    loadConfig(databaseEnv).DATABASE_URL,
    `${dataDir}/postgres`,
    log,
  ).catch(async (error: unknown) => {
    await nats.stop();
    throw error;
  });
  process.env.DATABASE_URL = postgres.url;
  // Services that query before they migrate (and `cli eval` on a fresh server) need it there.
  await ensureDatabaseExists(postgres.url).catch(async (error: unknown) => {
    await postgres.stop();
    await nats.stop();
    throw error;
  });
  return {
    natsUrl: nats.url,
    natsStarted: nats.server !== null,
    busPasswords: nats.passwords,
    postgresUrl: postgres.url,
    stop: async () => {
      await postgres.stop();
      await nats.stop();
    },
  };
}
