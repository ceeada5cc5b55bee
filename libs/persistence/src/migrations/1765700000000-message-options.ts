import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** A clarifying question's options kept with its message: a returning customer sees the buttons. */
export class MessageOptions1765700000000 implements MigrationInterface {
  name = 'MessageOptions1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}".messages ADD COLUMN options jsonb NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${schemaOf(queryRunner)}".messages DROP COLUMN options`);
  }
}
