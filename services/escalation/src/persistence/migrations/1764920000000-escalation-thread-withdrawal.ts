import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** When the customer withdrew the escalation: their later messages are the assistant's again. */
export class EscalationThreadWithdrawal1764920000000 implements MigrationInterface {
  name = 'EscalationThreadWithdrawal1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalation_threads ADD COLUMN withdrawn_at timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalation_threads DROP COLUMN withdrawn_at`,
    );
  }
}
