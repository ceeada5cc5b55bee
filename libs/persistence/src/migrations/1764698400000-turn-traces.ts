import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** The turn_traces projection: one row per turn, everything its events say about it. */
export class TurnTraces1764698400000 implements MigrationInterface {
  name = 'TurnTraces1764698400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.turn_traces (
        turn_id text PRIMARY KEY,
        conversation_id text,
        customer_message_id text,
        customer_message text,
        message_at timestamptz,
        message_version text NOT NULL,
        route text CHECK (route IN ('answered', 'escalated', 'held')),
        reason text,
        escalation_id text,
        escalation_reason text CHECK (escalation_reason IN ('retrieval_unavailable',
          'below_score_floor', 'answer_validation_failed', 'agent_requested')),
        escalation_version text NOT NULL,
        retrieval jsonb,
        prompt_chunks jsonb,
        retrieval_version text NOT NULL,
        draft text,
        validation jsonb,
        reply text,
        reply_kind text CHECK (reply_kind IN ('answer', 'abstention', 'holding')),
        reply_at timestamptz,
        reply_version text NOT NULL,
        latency_ms integer,
        events jsonb NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX turn_traces_conversation ON ${s}.turn_traces (conversation_id, message_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX turn_traces_message_at ON ${s}.turn_traces (message_at DESC, turn_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".turn_traces`);
  }
}
