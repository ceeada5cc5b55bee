import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The WhatsApp adapter's own tables. Everything it holds about a person hangs off their row in
 * `whatsapp_contacts` (the `wa_id` mapping) and goes with it (`ON DELETE CASCADE`): forgetting a
 * customer is one delete. Operational state, like the Slack thread mapping: replay does not
 * rebuild it (back it up with the database).
 */
export class WhatsAppContacts1765400000000 implements MigrationInterface {
  name = 'WhatsAppContacts1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.shop_customer_phones (
        phone text PRIMARY KEY,
        customer_id text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_contacts (
        wa_id text PRIMARY KEY,
        customer_id text NOT NULL UNIQUE,
        linked boolean NOT NULL,
        conversation_id text NOT NULL,
        last_inbound_at timestamptz NOT NULL,
        language text,
        offered_options jsonb,
        limit_notice_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_conversations (
        conversation_id text PRIMARY KEY,
        wa_id text NOT NULL REFERENCES ${s}.whatsapp_contacts (wa_id) ON DELETE CASCADE,
        customer_id text NOT NULL,
        started_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_conversations_contact ON ${s}.whatsapp_conversations (wa_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_inbound (
        provider_message_id text PRIMARY KEY,
        wa_id text NOT NULL REFERENCES ${s}.whatsapp_contacts (wa_id) ON DELETE CASCADE,
        read_at timestamptz NOT NULL,
        outcome text NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_inbound_contact ON ${s}.whatsapp_inbound (wa_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_outbound (
        provider_message_id text PRIMARY KEY,
        wa_id text NOT NULL REFERENCES ${s}.whatsapp_contacts (wa_id) ON DELETE CASCADE,
        reply_id text NOT NULL,
        via text NOT NULL CHECK (via IN ('message', 'template', 'notice')),
        part integer NOT NULL,
        sent_at timestamptz NOT NULL,
        UNIQUE (reply_id, via, part)
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_outbound_contact ON ${s}.whatsapp_outbound (wa_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_reply_outcomes (
        reply_id text PRIMARY KEY,
        wa_id text NOT NULL REFERENCES ${s}.whatsapp_contacts (wa_id) ON DELETE CASCADE,
        outcome text NOT NULL CHECK (outcome IN ('message', 'template', 'failed')),
        at timestamptz NOT NULL,
        conversation_id text,
        kind text NOT NULL,
        language text NOT NULL,
        -- An admin's words, kept until the template fallback after a late 131047 needs them.
        text text
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_reply_outcomes_contact ON ${s}.whatsapp_reply_outcomes (wa_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    for (const table of [
      'whatsapp_reply_outcomes',
      'whatsapp_outbound',
      'whatsapp_inbound',
      'whatsapp_conversations',
      'whatsapp_contacts',
      'shop_customer_phones',
    ])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
