import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

// The reasons as each version of the contract names them (frozen here: a migration replays the
// same way whatever the contract later adds).
const BEFORE = `'retrieval_unavailable', 'below_score_floor', 'answer_validation_failed', 'agent_requested'`;
const AFTER = `${BEFORE}, 'rephrase_requested'`;

/** Escalations and turn traces accept `rephrase_requested`: a draft that asked to rephrase. */
export class RephraseRequestedReason1765400000000 implements MigrationInterface {
  name = 'RephraseRequestedReason1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allow(queryRunner, AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.allow(queryRunner, BEFORE);
  }

  private async allow(queryRunner: QueryRunner, reasons: string): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      ALTER TABLE ${s}.escalations DROP CONSTRAINT escalations_reason_check,
        ADD CONSTRAINT escalations_reason_check CHECK (reason IN (${reasons}))`);
    await queryRunner.query(`
      ALTER TABLE ${s}.turn_traces DROP CONSTRAINT turn_traces_escalation_reason_check,
        ADD CONSTRAINT turn_traces_escalation_reason_check CHECK (escalation_reason IN (${reasons}))`);
  }
}
