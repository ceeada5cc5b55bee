import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * Events carry a reference to WhatsApp's message id (an HMAC under the master key), not the id,
 * which encodes the customer's number; these rows map the reference back to the id where Meta must
 * be called with it. An inbound message is now recorded when it is accepted (unread until it is
 * read). Rows written before have no reference: the adapter finds them by the id an old event
 * carried, and fills an outbound one's reference when its status arrives.
 */
export class WhatsAppMessageRefs1765900000000 implements MigrationInterface {
  name = 'WhatsAppMessageRefs1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      ALTER TABLE ${s}.whatsapp_inbound
        ADD COLUMN message_ref text UNIQUE,
        ALTER COLUMN read_at DROP NOT NULL,
        ALTER COLUMN outcome DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE ${s}.whatsapp_outbound ADD COLUMN message_ref text UNIQUE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}.whatsapp_outbound DROP COLUMN message_ref`);
    await queryRunner.query(`DELETE FROM ${s}.whatsapp_inbound WHERE read_at IS NULL`);
    await queryRunner.query(`
      ALTER TABLE ${s}.whatsapp_inbound
        DROP COLUMN message_ref,
        ALTER COLUMN read_at SET NOT NULL,
        ALTER COLUMN outcome SET NOT NULL`);
  }
}
