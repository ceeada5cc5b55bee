import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * What knowledge gaps read: each admin reply's text (the escalations projection kept only their
 * count and times until now; replies stored before this migration come back with a replay), and
 * the knowledge projection's drafts and glossaries.
 */
export class Knowledge1765300000000 implements MigrationInterface {
  name = 'Knowledge1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(
      `CREATE TABLE ${s}.escalation_replies (
        event_id text PRIMARY KEY,
        escalation_id text NOT NULL,
        provider text NOT NULL,
        admin_id text NOT NULL,
        text text NOT NULL,
        external_id text NOT NULL,
        replied_at timestamptz NOT NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX escalation_replies_by_escalation ON ${s}.escalation_replies (escalation_id, replied_at)`,
    );
    // The gaps read answered avoidable escalations, oldest first.
    await queryRunner.query(
      `CREATE INDEX escalations_answered_avoidable ON ${s}.escalations (opened_at, escalation_id) WHERE "group" = 'avoidable' AND replies > 0`,
    );
    await queryRunner.query(
      `CREATE TABLE ${s}.knowledge_drafts (
        draft_id text PRIMARY KEY,
        gap_id text NOT NULL,
        title text,
        lang text,
        topic text,
        body text,
        examples jsonb,
        escalation_ids jsonb,
        created_by text,
        origin text,
        created_at timestamptz,
        created_version text NOT NULL,
        status text NOT NULL CHECK (status IN ('draft', 'published', 'discarded')),
        doc_id text,
        published_by text,
        published_at timestamptz,
        published_version text NOT NULL,
        discarded_by text,
        discarded_at timestamptz,
        discarded_version text NOT NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX knowledge_drafts_by_gap ON ${s}.knowledge_drafts (gap_id, created_at)`,
    );
    await queryRunner.query(
      `CREATE TABLE ${s}.knowledge_glossaries (
        namespace text PRIMARY KEY,
        body text NOT NULL,
        content_sha256 text NOT NULL,
        version text NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`DROP TABLE ${s}.knowledge_glossaries`);
    await queryRunner.query(`DROP TABLE ${s}.knowledge_drafts`);
    await queryRunner.query(`DROP INDEX ${s}.escalations_answered_avoidable`);
    await queryRunner.query(`DROP TABLE ${s}.escalation_replies`);
  }
}
