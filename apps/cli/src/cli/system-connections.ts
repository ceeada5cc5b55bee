import { findSystemConnections, type SystemConnections } from '@support/platform';
import { join } from 'node:path';
import { reachableWithJetStream } from '../infra/ensure-nats.js';
import { readOpsCredentials } from '../infra/local-bus-users.js';
import { useLocalMasterKey } from '../infra/local-master-key.js';
import { reachable as postgresReachable } from '../infra/ensure-postgres.js';
import { CliError, EXIT } from './exit-codes.js';

/** host:port of a URL (of each, for a list), without the credentials it may carry. */
export const hostOf = (url: string) =>
  url
    .split(',')
    .map((one) => new URL(one.trim()).host)
    .join(',');

/**
 * Points this process at the NATS and PostgreSQL of the running system (NATS_URL / DATABASE_URL,
 * else the `npm start` of `dataDir`, else the defaults) by setting those variables, so every
 * command and the services it may host use them.
 */
export function useRunningSystem(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): SystemConnections {
  const found = findSystemConnections(dataDir, env);
  // The NATS an `npm start` runs has no anonymous user: commands connect as its operators' user.
  const ops = env.NATS_URL || env.NATS_USER ? null : readOpsCredentials(join(dataDir, 'nats'));
  env.NATS_URL = found.nats.url;
  env.DATABASE_URL = found.database.url;
  useLocalMasterKey(dataDir, { create: false }, env);
  if (ops && found.nats.from !== 'NATS_URL' && !found.nats.from.startsWith('the default')) {
    env.NATS_USER = ops.user;
    env.NATS_PASSWORD = ops.password;
  }
  return found;
}

/**
 * Fails with exit status 3 and where it looked, before a command starts its work, when NATS or
 * PostgreSQL does not answer (instead of a bare `connect ECONNREFUSED 127.0.0.1:5432` later).
 */
export async function requireReachable(
  found: SystemConnections,
  needs: { nats?: boolean; database?: boolean },
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const missing: string[] = [];
  const credentials =
    env.NATS_USER && env.NATS_PASSWORD
      ? { user: env.NATS_USER, password: env.NATS_PASSWORD }
      : undefined;
  if (needs.nats && (await reachableWithJetStream(found.nats.url, credentials)) !== 'ok')
    missing.push(`NATS with JetStream at ${hostOf(found.nats.url)} (from ${found.nats.from})`);
  if (needs.database && !(await postgresReachable(found.database.url)))
    missing.push(`PostgreSQL at ${hostOf(found.database.url)} (from ${found.database.from})`);
  if (missing.length === 0) return;
  throw new CliError(
    `cannot reach ${missing.join(' nor ')}.\n` +
      `  looked at: ${found.looked.join('; then ')}.\n` +
      '  Start the system with `npm start` (or pass --data-dir of the one running), ' +
      'or set NATS_URL / DATABASE_URL.',
    EXIT.unavailable,
  );
}
