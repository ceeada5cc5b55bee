import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * When an escalation was resolved (its first admin reply: later thread replies no longer reach the
 * customer), and the notices the bot posted in a thread, each once.
 */
export class EscalationThreadResolution1764800000000 implements MigrationInterface {
  name = 'EscalationThreadResolution1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(
      `ALTER TABLE ${s}.escalation_threads ADD COLUMN resolved_at timestamptz`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.escalation_thread_notices (
        channel text NOT NULL,
        thread_id text NOT NULL,
        notice text NOT NULL,
        subject text NOT NULL,
        posted_at timestamptz NOT NULL,
        PRIMARY KEY (channel, thread_id, notice, subject)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`DROP TABLE ${s}.escalation_thread_notices`);
    await queryRunner.query(`ALTER TABLE ${s}.escalation_threads DROP COLUMN resolved_at`);
  }
}
