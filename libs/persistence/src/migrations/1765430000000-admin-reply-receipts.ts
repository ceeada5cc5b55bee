import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** Receipts of the admin replies really received (AdminReplyReceipts). */
export class AdminReplyReceipts1765430000000 implements MigrationInterface {
  name = 'AdminReplyReceipts1765430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.admin_reply_receipts (
        provider text NOT NULL,
        external_id text NOT NULL,
        escalation_id text NOT NULL,
        conversation_id text NOT NULL,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (provider, external_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".admin_reply_receipts`);
  }
}
