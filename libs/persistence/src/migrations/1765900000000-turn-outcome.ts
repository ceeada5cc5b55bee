import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The `turn.outcome` a turn's row took its outcome from: the trace keeps the outcome itself (its
 * group too), and both rows the event's version, so the earliest outcome event wins in any order.
 * '' on a row that has none: a turn logged before the event existed, whose outcome is derived.
 */
export class TurnOutcome1765900000000 implements MigrationInterface {
  name = 'TurnOutcome1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(
      `ALTER TABLE ${s}.turns ADD COLUMN outcome_version text NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(
      `ALTER TABLE ${s}.turn_traces ADD COLUMN outcome jsonb NULL,
         ADD COLUMN outcome_version text NOT NULL DEFAULT ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(
      `ALTER TABLE ${s}.turn_traces DROP COLUMN outcome, DROP COLUMN outcome_version`,
    );
    await queryRunner.query(`ALTER TABLE ${s}.turns DROP COLUMN outcome_version`);
  }
}
