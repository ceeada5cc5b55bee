import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * Customer data keys (PostgresCustomerKeyStore): each wrapped by the master key, so a dump of the
 * database alone opens nothing; a destroyed key keeps its row (its id and when) without its bytes.
 */
export class CustomerDataKeys1765800000000 implements MigrationInterface {
  name = 'CustomerDataKeys1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.customer_data_keys (
        key_id uuid PRIMARY KEY,
        customer_ref text NOT NULL,
        wrapped_key bytea,
        master_key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
      )`);
    // One live key per customer; a forgotten customer who writes again gets a new one.
    await queryRunner.query(`
      CREATE UNIQUE INDEX customer_data_keys_live ON ${s}.customer_data_keys (customer_ref)
        WHERE destroyed_at IS NULL`);
    await queryRunner.query(
      `CREATE INDEX customer_data_keys_customer ON ${s}.customer_data_keys (customer_ref)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".customer_data_keys`);
  }
}
