import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * Marks the turn traces of evaluation traffic (`cli eval`, `cli ask`): they stay for `cli trace`,
 * and the dashboard leaves them out of its numbers.
 */
export class TurnTraceSynthetic1764916000000 implements MigrationInterface {
  name = 'TurnTraceSynthetic1764916000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "${schemaOf(queryRunner)}".turn_traces
        ADD COLUMN synthetic boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".turn_traces DROP COLUMN synthetic`,
    );
  }
}
