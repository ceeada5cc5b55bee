import { busEnv, databaseEnv, loadConfig } from '@support/platform';
import { ensureNats } from './ensure-nats.js';
import { ensurePostgres } from './ensure-postgres.js';

/**
 * NATS and PostgreSQL as configured, started under `dataDir` when nothing answers; the services
 * hosted afterwards read the database actually in use from DATABASE_URL. `stop` stops only what
 * was started here.
 */
export async function ensureInfrastructure(dataDir: string, log: (line: string) => void) {
  const nats = await ensureNats(loadConfig(busEnv).NATS_URL, `${dataDir}/nats`, log);
  const postgres = await ensurePostgres(
    loadConfig(databaseEnv).DATABASE_URL,
    `${dataDir}/postgres`,
    log,
  );
  process.env.DATABASE_URL = postgres.url;
  return {
    natsUrl: nats.url,
    natsStarted: nats.child !== null,
    postgresUrl: postgres.url,
    stop: async () => {
      await postgres.stop();
      nats.child?.kill();
    },
  };
}
