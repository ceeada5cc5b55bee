import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** Conversations, messages and turns projections, plus the processed-event bookkeeping. */
export class Conversations1764669600000 implements MigrationInterface {
  name = 'Conversations1764669600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.conversations (
        id text PRIMARY KEY,
        customer_id text NOT NULL,
        opened_at timestamptz NOT NULL,
        last_activity_at timestamptz NOT NULL,
        message_count integer NOT NULL,
        human_active boolean NOT NULL,
        human_state_version text NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX conversations_customer_activity ON ${s}.conversations (customer_id, last_activity_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.messages (
        id text PRIMARY KEY,
        conversation_id text NOT NULL,
        turn_id text,
        role text NOT NULL CHECK (role IN ('customer', 'agent', 'human')),
        kind text NOT NULL,
        text text NOT NULL,
        citations jsonb NOT NULL,
        attachments jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        event_id text NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX messages_conversation_time ON ${s}.messages (conversation_id, occurred_at, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.turns (
        id text PRIMARY KEY,
        conversation_id text NOT NULL,
        customer_message_id text,
        status text NOT NULL CHECK (status IN ('open', 'answered', 'escalated', 'held')),
        escalation_reason text,
        started_at timestamptz,
        completed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX turns_conversation ON ${s}.turns (conversation_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.processed_events (
        consumer text NOT NULL,
        event_id text NOT NULL,
        event_type text NOT NULL,
        stream_sequence bigint NOT NULL,
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    for (const table of ['processed_events', 'turns', 'messages', 'conversations'])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
