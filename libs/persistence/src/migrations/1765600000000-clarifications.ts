import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * Clarifications before a below-floor handoff: the `clarification` reply kind and `clarified`
 * route in the turn traces and turn statuses, the clarifications projection's table, and the
 * escalations by turn (what followed a clarification).
 */
export class Clarifications1765600000000 implements MigrationInterface {
  name = 'Clarifications1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      ALTER TABLE ${s}.turn_traces
        DROP CONSTRAINT turn_traces_route_check,
        DROP CONSTRAINT turn_traces_reply_kind_check,
        ADD CONSTRAINT turn_traces_route_check
          CHECK (route IN ('answered', 'escalated', 'held', 'clarified')),
        ADD CONSTRAINT turn_traces_reply_kind_check
          CHECK (reply_kind IN ('answer', 'abstention', 'holding', 'clarification'))`);
    await queryRunner.query(`
      ALTER TABLE ${s}.turns
        DROP CONSTRAINT turns_status_check,
        ADD CONSTRAINT turns_status_check
          CHECK (status IN ('open', 'answered', 'escalated', 'held', 'clarified'))`);
    await queryRunner.query(`
      CREATE TABLE ${s}.clarifications (
        offer_turn_id text PRIMARY KEY,
        conversation_id text,
        customer_id text,
        offered_at timestamptz,
        language text,
        question text,
        sections jsonb,
        outcome text CHECK (outcome IN ('section', 'none', 'other')),
        choice_turn_id text,
        chosen_at timestamptz,
        chosen_doc_id text,
        chosen_title text,
        synthetic boolean NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX clarifications_offered_at ON ${s}.clarifications (offered_at) WHERE NOT synthetic`,
    );
    await queryRunner.query(
      `CREATE INDEX clarifications_choice_turn ON ${s}.clarifications (choice_turn_id)`,
    );
    // The dashboard joins the handoff that followed a clarification by the answer's turn.
    await queryRunner.query(`CREATE INDEX escalations_turn ON ${s}.escalations (turn_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`DROP INDEX ${s}.escalations_turn`);
    await queryRunner.query(`DROP TABLE ${s}.clarifications`);
    await queryRunner.query(`
      ALTER TABLE ${s}.turns
        DROP CONSTRAINT turns_status_check,
        ADD CONSTRAINT turns_status_check
          CHECK (status IN ('open', 'answered', 'escalated', 'held'))`);
    await queryRunner.query(`
      ALTER TABLE ${s}.turn_traces
        DROP CONSTRAINT turn_traces_route_check,
        DROP CONSTRAINT turn_traces_reply_kind_check,
        ADD CONSTRAINT turn_traces_route_check CHECK (route IN ('answered', 'escalated', 'held')),
        ADD CONSTRAINT turn_traces_reply_kind_check
          CHECK (reply_kind IN ('answer', 'abstention', 'holding'))`);
  }
}
