import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The customers the conversations projection has forgotten, and when: a customer message of
 * theirs from before then is stored as erased, whichever of the two events is folded first.
 */
export class ForgottenCustomers1765810000000 implements MigrationInterface {
  name = 'ForgottenCustomers1765810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "${schemaOf(queryRunner)}".conversation_forgotten_customers (
        customer_id text PRIMARY KEY,
        forgotten_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE "${schemaOf(queryRunner)}".conversation_forgotten_customers`,
    );
  }
}
