import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** When the customer withdrew an escalation before any admin replied (`escalation.withdrawn`). */
export class EscalationWithdrawals1764920000000 implements MigrationInterface {
  name = 'EscalationWithdrawals1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalations ADD COLUMN withdrawn_at timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalations DROP COLUMN withdrawn_at`,
    );
  }
}
