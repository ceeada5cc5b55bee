import type { PersonalData } from '@support/privacy';
import { readGaps } from '@support/knowledge';
import { KnowledgeReader, LATENCY_BUCKET_LOWER_BOUNDS } from '@support/persistence';
import type { DataSource } from 'typeorm';
import { CLARIFICATION_COUNTS_SQL } from './dashboard-clarifications.js';
import { dailyCountsOf, readKnowledgeRows } from './dashboard-knowledge.js';
import { type DashboardPeriod, periodTimes } from './dashboard-period.js';
import {
  BACKLOG_QUESTIONS,
  type DashboardData,
  dashboardData,
  type DashboardOptions,
  withReadableBacklog,
} from './dashboard-queries.js';

/**
 * The dashboard computed straight from the projection rows, as the gateway did before the daily
 * aggregates: every turn and escalation of the period is read. It is the reference the aggregates
 * are checked against (the dashboard test, the bench's `same_as_rows`) and the bench's "before".
 * One change to those queries: backlog questions opened at the same instant are ordered by id, as
 * the aggregates' index orders them (the order of such ties was left to Postgres).
 */
export async function dashboardFromRows(
  dataSource: DataSource,
  personalData: PersonalData,
  period: DashboardPeriod,
  options: DashboardOptions = {},
): Promise<DashboardData> {
  const { from, to } = periodTimes(period);
  const q = (sql: string, extra: unknown[] = []) =>
    dataSource.query(sql, [from, to, ...extra]) as Promise<Record<string, unknown>[]>;
  const finished = `completed_at IS NOT NULL AND started_at IS NOT NULL AND status <> 'held'`;
  const latencyMs = `extract(epoch FROM completed_at - started_at) * 1000`;
  const turns = await q(`
    SELECT status, count(*) AS turns FROM turns
     WHERE started_at >= $1 AND started_at < $2 GROUP BY status`);
  const [latency] = await q(`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ${latencyMs}) FILTER (WHERE ${finished}) AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY ${latencyMs}) FILTER (WHERE ${finished}) AS p95
      FROM turns WHERE started_at >= $1 AND started_at < $2`);
  const latencyBuckets = await q(
    `SELECT width_bucket(round(${latencyMs})::bigint, $3::bigint[]) AS bucket, count(*) AS turns
       FROM turns WHERE started_at >= $1 AND started_at < $2 AND ${finished}
      GROUP BY 1 ORDER BY 1`,
    [LATENCY_BUCKET_LOWER_BOUNDS],
  );
  const inRange = `opened_at >= $1 AND opened_at < $2`;
  const byDay = await q(`
    SELECT to_char(date_trunc('day', opened_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
           count(*) FILTER (WHERE "group" = 'genuine') AS genuine,
           count(*) FILTER (WHERE "group" = 'avoidable') AS avoidable
      FROM escalations WHERE ${inRange} GROUP BY 1 ORDER BY 1`);
  const [withdrawn] = await q(`
    SELECT count(*) AS withdrawn FROM escalations WHERE ${inRange} AND withdrawn_at IS NOT NULL`);
  const byReason = await q(`
    SELECT reason, "group", count(*) AS count FROM escalations WHERE ${inRange}
     GROUP BY 1, 2 ORDER BY count(*) DESC, reason`);
  const byTopic = await q(`
    SELECT coalesce(topic, 'pending') AS topic,
           count(*) FILTER (WHERE "group" = 'genuine') AS genuine,
           count(*) FILTER (WHERE "group" = 'avoidable') AS avoidable
      FROM escalations WHERE ${inRange} GROUP BY 1 ORDER BY count(*) DESC, 1`);
  const backlog = await q(`
    SELECT coalesce(topic, 'pending') AS topic, count(*) AS count,
           (array_agg(question ORDER BY opened_at DESC, escalation_id DESC))[1:${BACKLOG_QUESTIONS}] AS questions
      FROM escalations WHERE ${inRange} AND "group" = 'avoidable'
     GROUP BY 1 ORDER BY count(*) DESC, 1`);
  const [retrieval] = await q(`
    SELECT coalesce(sum((SELECT count(*) FROM jsonb_array_elements(retrieval->'legs') l WHERE l->>'status' = 'timed_out')), 0) AS timeouts,
           count(*) FILTER (WHERE retrieval->'rerank'->>'failOpen' = 'true') AS fail_opens
      FROM turn_traces WHERE message_at >= $1 AND message_at < $2 AND NOT synthetic`);
  const knowledge = await readKnowledgeRows(
    readGaps(new KnowledgeReader(dataSource, personalData), options.kbNamespace ?? '', null),
    period,
    async (days) => {
      const times = periodTimes(days);
      const bounds = [times.from, times.to];
      const day = (column: string) =>
        `to_char(date_trunc('day', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
      const [turnsPerDay, avoidablePerDay] = await Promise.all([
        dataSource.query(
          `SELECT ${day('started_at')} AS day, count(*) AS turns FROM turns
            WHERE started_at >= $1 AND started_at < $2 GROUP BY 1 ORDER BY 1`,
          bounds,
        ),
        dataSource.query(
          `SELECT ${day('opened_at')} AS day, coalesce(topic, 'pending') AS topic,
                  count(*) AS escalations
             FROM escalations WHERE opened_at >= $1 AND opened_at < $2 AND "group" = 'avoidable'
            GROUP BY 1, 2 ORDER BY 1, 2`,
          bounds,
        ),
      ]);
      return dailyCountsOf(turnsPerDay, avoidablePerDay);
    },
  );
  const percentile = (value: unknown) => (value === null ? null : Number(value));
  const data = dashboardData(period, {
    turns,
    latency: { p50: percentile(latency?.p50), p95: percentile(latency?.p95) },
    latencyBuckets: latencyBuckets.map((r) => ({
      bucket: Number(r.bucket),
      turns: Number(r.turns),
    })),
    byDay,
    withdrawn,
    byReason,
    byTopic,
    backlog,
    retrieval,
    knowledge,
    clarifications: (await q(CLARIFICATION_COUNTS_SQL))[0],
  });
  return withReadableBacklog(data, personalData);
}
