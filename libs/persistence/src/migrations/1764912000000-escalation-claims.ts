import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** Who holds each escalation in the admin console (`escalation.claimed` / `claim_released`). */
export class EscalationClaims1764912000000 implements MigrationInterface {
  name = 'EscalationClaims1764912000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      ALTER TABLE ${s}.escalations
        ADD COLUMN claimed_by text,
        ADD COLUMN claimed_at timestamptz,
        ADD COLUMN claim_version text NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "${schemaOf(queryRunner)}".escalations
        DROP COLUMN claimed_by, DROP COLUMN claimed_at, DROP COLUMN claim_version`);
  }
}
