import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** The escalation service's own tables: threads, relayed customer messages, seen admin replies. */
export class EscalationThreads1764700000000 implements MigrationInterface {
  name = 'EscalationThreads1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.escalation_threads (
        escalation_id text PRIMARY KEY,
        conversation_id text NOT NULL,
        customer_id text NOT NULL,
        provider text NOT NULL CHECK (provider IN ('slack', 'console')),
        channel text NOT NULL,
        thread_id text NOT NULL,
        raised_at timestamptz NOT NULL,
        opened_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX escalation_threads_conversation ON ${s}.escalation_threads (conversation_id, raised_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX escalation_threads_thread ON ${s}.escalation_threads (channel, thread_id, raised_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.escalation_relayed_messages (
        message_id text PRIMARY KEY,
        escalation_id text NOT NULL,
        relayed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.escalation_admin_replies_seen (
        external_id text PRIMARY KEY,
        escalation_id text NOT NULL,
        received_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    for (const table of [
      'escalation_admin_replies_seen',
      'escalation_relayed_messages',
      'escalation_threads',
    ])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
