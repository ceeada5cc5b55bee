import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The console's claims as decided (the write side of `escalation.claimed` / `claim_released`):
 * one row per escalation, changed only under its advisory lock, so two admins racing for one
 * escalation are decided one after the other by every gateway replica. Not a projection: replay
 * does not touch it; a row missing after a restore is seeded from the escalations projection.
 */
export class GatewayEscalationClaims1764912600000 implements MigrationInterface {
  name = 'GatewayEscalationClaims1764912600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.gateway_escalation_claims (
        escalation_id text PRIMARY KEY,
        holder text,
        sequence integer NOT NULL CHECK (sequence > 0),
        changed_at timestamptz NOT NULL,
        changed_by text NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".gateway_escalation_claims`);
  }
}
