import { isDeepStrictEqual } from 'node:util';
import { type DashboardData, dashboardFromRows } from '@support/gateway';
import {
  DASHBOARD_AGGREGATE_TABLES,
  openDatabase,
  rebuildDashboardAggregates,
  personalDataOf,
} from '@support/persistence';
import { startServiceProcess } from '@support/testing';
import { seedDashboardProjections } from './dashboard-seed.js';
import { startInfrastructure } from './load/infrastructure.js';
import { withTeardown } from './load/teardown.js';
import { cpuTimeMs } from './load/proc-readings.js';
import { latencySummary } from './stats.js';

export interface DashboardBenchOptions {
  /** The log the seeded projections stand for. */
  readonly events: number;
  /** Timed requests per endpoint (after {@link WARM_UP} untimed rounds of all of them). */
  readonly requests: number;
}

/** Untimed requests of every endpoint before any is timed. */
const WARM_UP = 30;
/** The periods an analyst asks for, in days up to today. */
const PERIODS = [1, 7, 30, 365];
/** The old way reads every row of the period: a few runs are enough to see it. */
const FROM_ROWS_RUNS = 3;

/**
 * Every dashboard request over HTTP against a real gateway process, on projections seeded as a
 * year of `events` events (`dashboard-seed.ts`), one request at a time: p50/p95/p99 per endpoint
 * and period, and the CPU the gateway and Postgres spent per request. Beside it, for the same periods, the dashboard computed from the raw rows as the
 * gateway did before the aggregates (in process, no HTTP), and whether both give the same answer.
 */
export async function dashboardBench(
  options: DashboardBenchOptions,
  report: (row: Record<string, unknown>) => void,
): Promise<void> {
  await withTeardown(async (defer) => {
    const infrastructure = await startInfrastructure(defer);
    const dataSource = await openDatabase({ url: infrastructure.env.DATABASE_URL! });
    defer(() => dataSource.destroy());

    const seeded = await seedDashboardProjections(dataSource, options.events, new Date());
    const aggregatesStarted = performance.now();
    await rebuildDashboardAggregates(dataSource.manager, 'public');
    const aggregatesMs = Math.round(performance.now() - aggregatesStarted);
    // Statistics and visibility maps as autovacuum would leave them on a database that has lived.
    await dataSource.query('VACUUM ANALYZE');
    const aggregateRows: Record<string, number> = {};
    for (const table of DASHBOARD_AGGREGATE_TABLES) {
      const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`);
      aggregateRows[table] = n;
    }
    report({
      bench: 'dashboard_seed',
      events_equivalent: seeded.eventsEquivalent,
      days: 365,
      first_day: seeded.firstDay,
      rows: seeded.rows,
      aggregate_rows: aggregateRows,
      seed_ms: seeded.seedMs,
      aggregates_backfill_ms: aggregatesMs,
    });

    const gateway = await startServiceProcess('gateway', infrastructure.env);
    defer(() => gateway.stop());
    const token = await infrastructure.tokens.issue({ subject: 'bench-analyst', role: 'analyst' });
    const get = async (path: string): Promise<{ ms: number; body: Buffer }> => {
      const started = performance.now();
      const response = await fetch(`${gateway.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body.toString('utf8')}`);
      return { ms, body };
    };
    const endpoints: { endpoint: string; days?: number; path: (i: number) => string }[] = [
      ...PERIODS.map((days) => ({
        endpoint: 'GET /dashboard/data',
        days,
        path: () => `/dashboard/data?days=${days}`,
      })),
      ...[30, 365].map((days) => ({
        endpoint: 'GET /dashboard/export.csv',
        days,
        path: () => `/dashboard/export.csv?days=${days}`,
      })),
      {
        endpoint: 'GET /dashboard/traces/:turnId',
        path: (i: number) => `/dashboard/traces/turn-${(i * 7919) % seeded.turns}`,
      },
    ];
    // Every endpoint first, untimed: the gateway's code warmed up, its statements prepared.
    for (let i = 0; i < WARM_UP; i++) for (const { path } of endpoints) await get(path(i));
    // The database's backends (the gateway's pool): their CPU per request is the steady number
    // on a shared machine, where wall times move with the other processes.
    const postgresCpuMs = async () => {
      const backends: { pid: number }[] = await dataSource.query(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
      );
      return new Map(backends.map(({ pid }) => [pid, cpuTimeMs(pid)] as const));
    };
    const postgresCpuSince = async (before: Map<number, number>) => {
      let total = 0;
      for (const [pid, ms] of await postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
      return total;
    };
    for (const { endpoint, days, path } of endpoints) {
      const gatewayBefore = cpuTimeMs(gateway.pid()!);
      const postgresBefore = await postgresCpuMs();
      const samples: number[] = [];
      for (let i = 0; i < options.requests; i++) samples.push((await get(path(i))).ms);
      const gatewayCpu = cpuTimeMs(gateway.pid()!) - gatewayBefore;
      const postgresCpu = await postgresCpuSince(postgresBefore);
      const perRequest = (ms: number) => Math.round((ms / options.requests) * 100) / 100;
      report({
        bench: 'dashboard_request',
        endpoint,
        ...(days === undefined ? {} : { days }),
        ...latencySummary(samples),
        gateway_cpu_ms_per_request: perRequest(gatewayCpu),
        postgres_cpu_ms_per_request: perRequest(postgresCpu),
      });
    }

    for (const days of PERIODS) {
      const served = JSON.parse(
        (await get(`/dashboard/data?days=${days}`)).body.toString('utf8'),
      ) as DashboardData;
      const samples: number[] = [];
      const postgresBefore = await postgresCpuMs();
      let fromRows: DashboardData | null = null;
      for (let run = 0; run < FROM_ROWS_RUNS; run++) {
        const started = performance.now();
        fromRows = await dashboardFromRows(dataSource, personalDataOf(dataSource), {
          fromDay: served.from.slice(0, 10),
          toDay: served.to.slice(0, 10),
        });
        samples.push(performance.now() - started);
      }
      const postgresCpu = await postgresCpuSince(postgresBefore);
      report({
        bench: 'dashboard_from_rows',
        days,
        from: served.from,
        to: served.to,
        same_as_aggregates: isDeepStrictEqual(JSON.parse(JSON.stringify(fromRows)), served),
        turns: served.turns.total,
        escalations: served.escalations.total,
        ...latencySummary(samples),
        postgres_cpu_ms_per_request: Math.round(postgresCpu / FROM_ROWS_RUNS),
      });
    }
  });
}
