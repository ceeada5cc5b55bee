import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** The escalations projection: one row per escalation. */
export class Escalations1764684000000 implements MigrationInterface {
  name = 'Escalations1764684000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.escalations (
        escalation_id text PRIMARY KEY,
        conversation_id text,
        customer_id text,
        turn_id text,
        reason text CHECK (reason IN ('retrieval_unavailable', 'below_score_floor',
          'answer_validation_failed', 'agent_requested')),
        "group" text CHECK ("group" IN ('genuine', 'avoidable')),
        language text,
        question text,
        chunks jsonb,
        orders_mentioned jsonb,
        opened_at timestamptz,
        raised_version text NOT NULL,
        topic text,
        classifier text CHECK (classifier IN ('llm', 'rules', 'fallback')),
        topic_version text NOT NULL,
        provider text CHECK (provider IN ('slack', 'console')),
        channel text,
        thread_id text,
        thread_opened_at timestamptz,
        thread_version text NOT NULL,
        first_reply_at timestamptz,
        last_reply_at timestamptz,
        replies integer NOT NULL,
        resolved_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX escalations_opened_at ON ${s}.escalations (opened_at DESC, escalation_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX escalations_group_reason ON ${s}.escalations ("group", reason, opened_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX escalations_topic ON ${s}.escalations (topic, opened_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX escalations_conversation ON ${s}.escalations (conversation_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".escalations`);
  }
}
