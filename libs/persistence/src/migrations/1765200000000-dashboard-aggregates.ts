import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  DASHBOARD_AGGREGATE_TABLES,
  rebuildDashboardAggregates,
} from '../projections/dashboard-aggregates/rebuild-dashboard-aggregates.js';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The dashboard's daily aggregates, kept by the projections in the transactions that write their
 * rows, and the index the knowledge-base backlog reads; filled from the rows already stored.
 */
export class DashboardAggregates1765200000000 implements MigrationInterface {
  name = 'DashboardAggregates1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    const table = async (name: string, columns: string, primaryKey: string) =>
      queryRunner.query(`CREATE TABLE ${s}.${name} (${columns}, PRIMARY KEY (${primaryKey}))`);
    await table(
      'turn_counts_daily',
      'day date, status text, turns integer NOT NULL',
      'day, status',
    );
    for (const period of ['day', 'month']) {
      const suffix = period === 'day' ? 'daily' : 'monthly';
      await table(
        `turn_latency_buckets_${suffix}`,
        `${period} date, bucket smallint, turns integer NOT NULL`,
        `${period}, bucket`,
      );
      await table(
        `turn_latencies_${suffix}`,
        `${period} date, bucket smallint, latency_ms bigint, turns integer NOT NULL`,
        `${period}, bucket, latency_ms`,
      );
      // A percentile reads the latencies of one histogram bucket over the period.
      await queryRunner.query(
        `CREATE INDEX turn_latencies_${suffix}_by_bucket ON ${s}.turn_latencies_${suffix} (bucket, ${period}, latency_ms) INCLUDE (turns)`,
      );
      await table(
        `escalation_topics_${suffix}`,
        `${period} date, topic text, "group" text, escalations integer NOT NULL`,
        `${period}, topic, "group"`,
      );
    }
    await table(
      'escalation_reasons_daily',
      'day date, reason text, "group" text, escalations integer NOT NULL, withdrawn integer NOT NULL',
      'day, reason, "group"',
    );
    await table(
      'retrieval_health_daily',
      'day date, leg_timeouts integer NOT NULL, rerank_fail_opens integer NOT NULL',
      'day',
    );
    // The backlog's latest questions per topic: avoidable escalations only, newest first.
    await queryRunner.query(
      `CREATE INDEX escalations_backlog ON ${s}.escalations ((coalesce(topic, 'pending')), opened_at DESC, escalation_id DESC) WHERE "group" = 'avoidable'`,
    );
    await rebuildDashboardAggregates(queryRunner, schemaOf(queryRunner));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`DROP INDEX ${s}.escalations_backlog`);
    for (const table of DASHBOARD_AGGREGATE_TABLES)
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
