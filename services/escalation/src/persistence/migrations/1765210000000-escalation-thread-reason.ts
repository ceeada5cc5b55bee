import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * Why each escalation was raised (reason and group): the "Add to knowledge base" shortcut tells an
 * admin that a genuine escalation has nothing to draft. Null for threads opened before.
 */
export class EscalationThreadReason1765210000000 implements MigrationInterface {
  name = 'EscalationThreadReason1765210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalation_threads
         ADD COLUMN reason text, ADD COLUMN escalation_group text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".escalation_threads
         DROP COLUMN reason, DROP COLUMN escalation_group`,
    );
  }
}
