import { ensureDatabaseExists } from '@support/persistence';
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
    natsStarted: nats.child !== null,
    postgresUrl: postgres.url,
    stop: async () => {
      await postgres.stop();
      await nats.stop();
    },
  };
}
