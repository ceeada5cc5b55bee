import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ALL_PROJECTIONS,
  DASHBOARD_AGGREGATE_TABLES,
  dumpTable,
  openDatabase,
  rebuildDashboardAggregates,
  replayFromStart,
  personalDataOf,
} from '@support/persistence';
import { eventually } from '@support/testing';
import type { DataSource } from 'typeorm';
import { TokenService } from '../auth/token-service.js';
import { dashboardStory } from '../testing/dashboard-story.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';
import { dashboardFromRows } from './dashboard-from-rows.js';
import { type DashboardPeriod, lastDays } from './dashboard-period.js';
import { type DashboardData, DashboardQueries } from './dashboard-queries.js';

const SECRET = 'dashboard-aggregates-secret-0123456789';
const DAY_MS = 24 * 3600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('dashboard on the daily aggregates', () => {
  let harness: GatewayHarness;
  let dataSource: DataSource;
  let queries: DashboardQueries;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  // Twelve days last month and the last two days: the HTTP requests ask for the recent ones.
  const past = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 10, 10 + i)));
  const story = dashboardStory([...past, new Date(today - DAY_MS), new Date(today)], 15);
  const everything: DashboardPeriod = { fromDay: '2026-11-01', toDay: day(today + 2 * DAY_MS) };

  beforeAll(async () => {
    // Replies to turns days old are not delivered to anyone (the gateway says so in its log).
    harness = await startGatewayHarness({ AUTH_TOKEN_SECRET: SECRET, LOG_LEVELS: 'fatal' });
    dataSource = await openDatabase({ url: harness.database.url });
    queries = new DashboardQueries(dataSource, personalDataOf(dataSource));
    for (const event of story.events) await harness.publisher.publish(event);
    // Every projection has folded every event of its own (live, by the gateway's consumers).
    const expected = story.events.reduce(
      (n, e) => n + ALL_PROJECTIONS.filter((p) => p.events.some((d) => d.type === e.type)).length,
      0,
    );
    await eventually(async () => {
      const [{ n }] = await dataSource.query(
        `SELECT count(*)::int AS n FROM processed_events WHERE consumer = ANY($1)`,
        [ALL_PROJECTIONS.map((p) => p.name)],
      );
      return n === expected;
    }, 60_000);
  }, 120_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await harness?.close();
  }, 60_000);

  it('answers as the queries over the raw rows did, for every period', async () => {
    const whole = await queries.loadPeriod(everything);
    expect(whole).toEqual(
      await dashboardFromRows(dataSource, personalDataOf(dataSource), everything),
    );
    // The story is all there (evaluation traffic left out): the comparison is not of two empties.
    expect(whole.turns.total).toBe(story.turns);
    expect(whole.escalations.total).toBe(story.escalations);
    expect(whole.escalations.withdrawn).toBe(story.withdrawn);
    expect(whole.latencyHistogram[0]).toEqual({ fromMs: null, toMs: 0, turns: 1 });
    expect(whole.retrieval.legTimeouts).toBeGreaterThan(0);
    expect(whole.retrieval.rerankFailOpens).toBeGreaterThan(0);
    expect(whole.byTopic.map((t) => t.topic)).toContain('pending');
    const questions = whole.backlog.flatMap((b) => b.questions);
    expect(questions.some((q) => /[\u0600-\u06ff]/.test(q))).toBe(true);

    const periods: DashboardPeriod[] = [
      ...past.map((d) => ({ fromDay: day(d.getTime()), toDay: day(d.getTime() + DAY_MS) })),
      { fromDay: '2026-11-12', toDay: '2026-11-15' },
      { fromDay: '2026-11-15', toDay: '2026-11-22' },
      // Days before and after a whole month (read from the monthly rollups).
      { fromDay: '2026-10-15', toDay: '2026-12-02' },
      { fromDay: '2026-11-01', toDay: '2026-12-01' },
      // Nothing happened in these.
      { fromDay: '2026-10-01', toDay: '2026-11-01' },
      { fromDay: '2026-11-22', toDay: '2026-11-23' },
      lastDays(1, new Date()),
      lastDays(30, new Date()),
      lastDays(400, new Date()),
    ];
    for (const period of periods)
      expect([period, await queries.loadPeriod(period)]).toEqual([
        period,
        await dashboardFromRows(dataSource, personalDataOf(dataSource), period),
      ]);
  });

  it('serves the same numbers over HTTP, as JSON and CSV', async () => {
    const analyst = await new TokenService(SECRET, { now: () => new Date() }).issue({
      subject: 'analyst-1',
      role: 'analyst',
    });
    const get = (path: string) =>
      fetch(`${harness.gateway.url}/dashboard/${path}?days=2`, {
        headers: { authorization: `Bearer ${analyst}` },
      });
    const body = (await (await get('data')).json()) as DashboardData;
    // The period the gateway chose (whole UTC days: yesterday and today).
    expect(body.to).toBe(`${day(today + DAY_MS)}T00:00:00.000Z`);
    const period = { fromDay: body.from.slice(0, 10), toDay: body.to.slice(0, 10) };
    expect(period.fromDay).toBe(day(today - DAY_MS));
    expect(body).toEqual(await dashboardFromRows(dataSource, personalDataOf(dataSource), period));
    expect(body.turns.total).toBeGreaterThan(0);

    const csv = Buffer.from(await (await get('export.csv')).arrayBuffer()).toString('utf8');
    expect(csv).toContain(`"turns","${body.turns.total}"`);
    expect(csv).toContain('"Turn latency"\n"from_ms","to_ms","turns"');
  });

  it('is rebuilt byte for byte by a replay, and by the SQL backfill from the rows', async () => {
    const dump = (db: DataSource) =>
      Promise.all(DASHBOARD_AGGREGATE_TABLES.map((table) => dumpTable(db, table)));
    const live = await dump(dataSource);
    expect(live.every((rows) => rows.length > 0)).toBe(true);
    const shadow = await openDatabase({ url: harness.database.url, schema: 'dashboard_replay' });
    try {
      const result = await replayFromStart(harness.bus, shadow, ALL_PROJECTIONS);
      expect(result.failed).toEqual([]);
      expect(await dump(shadow)).toEqual(live);
      await rebuildDashboardAggregates(shadow.manager, 'dashboard_replay');
      expect(await dump(shadow)).toEqual(live);
    } finally {
      await shadow.destroy();
    }
  });
});
