import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type BusOptions, inboxPrefixOf, streamConfig } from '@support/bus';
import pg from 'pg';
import * as check from './doctor-report.js';

/**
 * The event stream as the services provision it (`streamConfig`): there, with the replicas
 * `BUS_STREAM_REPLICAS` asks for, file storage, no age or count limit, the dedupe window. Read
 * only: unlike a service, the doctor never creates or edits the stream.
 */
export async function checkStream(
  options: BusOptions,
  timeoutMs: number,
): Promise<check.PartReport> {
  const expected = streamConfig(options);
  const findings: check.Finding[] = [];
  let nc: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    nc = await connect({
      servers: options.servers.split(','),
      name: options.name,
      timeout: timeoutMs,
      maxReconnectAttempts: 0,
      ...(options.credentials
        ? {
            user: options.credentials.user,
            pass: options.credentials.password,
            inboxPrefix: inboxPrefixOf(options.credentials.user),
          }
        : {}),
    });
    const jsm = await jetstreamManager(nc, { timeout: timeoutMs });
    const info = await jsm.streams.info(options.stream).catch((error: unknown) => {
      if (/stream not found/i.test(check.reasonOf(error))) return null;
      throw error;
    });
    if (!info) {
      findings.push(
        check.fail(
          `stream ${options.stream} does not exist`,
          'start the services once: they create it',
        ),
      );
    } else {
      const config = info.config;
      const replicas = config.num_replicas;
      findings.push(
        replicas === expected.num_replicas
          ? check.pass(`stream ${options.stream}: ${replicas} replica${replicas === 1 ? '' : 's'}`)
          : check.fail(
              `stream ${options.stream} has ${replicas} replica(s), BUS_STREAM_REPLICAS is ${expected.num_replicas}`,
              `nats stream edit ${options.stream} --replicas ${expected.num_replicas} (or set BUS_STREAM_REPLICAS to ${replicas})`,
            ),
      );
      const drift = [
        config.storage !== expected.storage && `storage ${config.storage}, not ${expected.storage}`,
        config.max_age !== expected.max_age && `max_age ${config.max_age}: events expire`,
        config.max_msgs !== expected.max_msgs && `max_msgs ${config.max_msgs}: events are dropped`,
        config.duplicate_window !== expected.duplicate_window &&
          `duplicate window ${config.duplicate_window / 1e9} s, not ${(expected.duplicate_window ?? 0) / 1e9} s`,
      ].filter((problem): problem is string => typeof problem === 'string');
      findings.push(
        drift.length === 0
          ? check.pass('file storage, every event kept, 2-minute dedupe window')
          : check.fail(
              `stream ${options.stream}: ${drift.join(', ')}`,
              `nats stream edit ${options.stream} to the limits of libs/bus streamConfig (the log is the source of truth)`,
            ),
      );
    }
  } catch (error) {
    findings.push(
      check.fail(
        `unreachable: ${check.reasonOf(error)}`,
        'start NATS with JetStream, or fix NATS_URL / NATS_USER / NATS_PASSWORD',
      ),
    );
  } finally {
    await nc?.close().catch(() => undefined);
  }
  return check.partReport('NATS', check.shownUrl(options.servers.split(',')[0]!), findings);
}

/** Every migration the services ship is recorded as run (TypeORM's `typeorm_migrations`). */
export async function checkMigrations(
  url: string,
  migrationNames: readonly string[],
  timeoutMs: number,
): Promise<check.PartReport> {
  const findings: check.Finding[] = [];
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    const table = await client.query<{ exists: boolean }>(
      "SELECT to_regclass('typeorm_migrations') IS NOT NULL AS exists",
    );
    const applied = table.rows[0]?.exists
      ? new Set(
          (await client.query<{ name: string }>('SELECT name FROM typeorm_migrations')).rows.map(
            (r) => r.name,
          ),
        )
      : new Set<string>();
    const pending = migrationNames.filter((name) => !applied.has(name));
    findings.push(
      pending.length === 0
        ? check.pass(`${migrationNames.length} migrations current`)
        : check.fail(
            `${pending.length} of ${migrationNames.length} migrations not run (${pending.join(', ')})`,
            'start the services of this version once: each runs its migrations',
          ),
    );
  } catch (error) {
    findings.push(
      check.fail(`unreachable: ${check.reasonOf(error)}`, 'start PostgreSQL, or fix DATABASE_URL'),
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  return check.partReport('PostgreSQL', check.shownUrl(url), findings);
}
