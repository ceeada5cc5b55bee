import type { EntityManager, QueryRunner } from 'typeorm';
import type { AggregateTable } from './aggregate-table.js';
import {
  ESCALATION_AGGREGATES,
  escalationTopicsDaily,
  escalationTopicsMonthly,
  PENDING_TOPIC,
} from './escalation-aggregates.js';
import { LATENCY_BUCKET_LOWER_BOUNDS } from './latency-buckets.js';
import { TURN_TRACE_AGGREGATES } from './retrieval-health-aggregates.js';
import {
  TURN_AGGREGATES,
  turnLatenciesDaily,
  turnLatenciesMonthly,
  turnLatencyBucketsDaily,
  turnLatencyBucketsMonthly,
} from './turn-aggregates.js';
import { quoteIdentifier } from '../../sql-identifier.js';

export const DASHBOARD_AGGREGATE_TABLES = [
  ...TURN_AGGREGATES,
  ...ESCALATION_AGGREGATES,
  ...TURN_TRACE_AGGREGATES,
].map((aggregate) => aggregate.table);

type Query = Pick<EntityManager | QueryRunner, 'query'>;

/** Sums a daily table into its monthly rollup. */
async function rollUp<Row>(
  runner: Query,
  s: string,
  daily: AggregateTable<Row>,
  monthly: AggregateTable<Row>,
) {
  const keys = daily.keys.slice(1).map((k) => quoteIdentifier(k.column));
  const counters = daily.counters.map(quoteIdentifier);
  await runner.query(`
    INSERT INTO ${s}.${monthly.table} (month, ${[...keys, ...counters].join(', ')})
    SELECT date_trunc('month', day)::date, ${[...keys, ...counters.map((c) => `sum(${c})`)].join(', ')}
      FROM ${s}.${daily.table} GROUP BY ${['1', ...keys].join(', ')}`);
}

/**
 * Recomputes every dashboard aggregate from the projection rows in one pass of SQL: the backfill
 * when the aggregates were introduced, and the bench's seed. It states the same rules as the
 * `contributions` the projections fold with (a test checks that both agree).
 */
export async function rebuildDashboardAggregates(runner: Query, schema: string): Promise<void> {
  const s = quoteIdentifier(schema);
  const day = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;
  await runner.query(
    `TRUNCATE ${DASHBOARD_AGGREGATE_TABLES.map((table) => `${s}.${table}`).join(', ')}`,
  );
  await runner.query(`
    INSERT INTO ${s}.turn_counts_daily (day, status, turns)
    SELECT ${day('started_at')}, status, count(*) FROM ${s}.turns
     WHERE started_at IS NOT NULL GROUP BY 1, 2`);
  await runner.query(
    `INSERT INTO ${s}.turn_latencies_daily (day, bucket, latency_ms, turns)
     SELECT day, width_bucket(latency_ms, $1::bigint[]), latency_ms, count(*)
       FROM (SELECT ${day('started_at')} AS day,
                    round(extract(epoch FROM completed_at - started_at) * 1000)::bigint AS latency_ms
               FROM ${s}.turns
              WHERE started_at IS NOT NULL AND completed_at IS NOT NULL AND status <> 'held') t
      GROUP BY 1, 2, 3`,
    [LATENCY_BUCKET_LOWER_BOUNDS],
  );
  await runner.query(`
    INSERT INTO ${s}.turn_latency_buckets_daily (day, bucket, turns)
    SELECT day, bucket, sum(turns) FROM ${s}.turn_latencies_daily GROUP BY 1, 2`);
  await runner.query(`
    INSERT INTO ${s}.escalation_reasons_daily (day, reason, "group", escalations, withdrawn)
    SELECT ${day('opened_at')}, reason, "group", count(*),
           count(*) FILTER (WHERE withdrawn_at IS NOT NULL)
      FROM ${s}.escalations
     WHERE opened_at IS NOT NULL AND reason IS NOT NULL AND "group" IS NOT NULL
     GROUP BY 1, 2, 3`);
  await runner.query(
    `INSERT INTO ${s}.escalation_topics_daily (day, topic, "group", escalations)
     SELECT ${day('opened_at')}, coalesce(topic, $1), "group", count(*)
       FROM ${s}.escalations
      WHERE opened_at IS NOT NULL AND reason IS NOT NULL AND "group" IS NOT NULL
      GROUP BY 1, 2, 3`,
    [PENDING_TOPIC],
  );
  await runner.query(`
    INSERT INTO ${s}.retrieval_health_daily (day, leg_timeouts, rerank_fail_opens)
    SELECT day, sum(timeouts), sum(fail_opens)
      FROM (SELECT ${day('message_at')} AS day,
                   (SELECT count(*) FROM jsonb_array_elements(retrieval->'legs') l
                     WHERE l->>'status' = 'timed_out') AS timeouts,
                   coalesce(retrieval->'rerank'->>'failOpen' = 'true', false)::int AS fail_opens
              FROM ${s}.turn_traces
             WHERE message_at IS NOT NULL AND retrieval IS NOT NULL AND NOT synthetic) t
     GROUP BY day
    HAVING sum(timeouts) <> 0 OR sum(fail_opens) <> 0`);
  await rollUp(runner, s, turnLatencyBucketsDaily, turnLatencyBucketsMonthly);
  await rollUp(runner, s, turnLatenciesDaily, turnLatenciesMonthly);
  await rollUp(runner, s, escalationTopicsDaily, escalationTopicsMonthly);
}
