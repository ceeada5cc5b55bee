import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/** The gateway looks up a turn's recorded answer before it shows a reply (one answer per turn). */
export class MessagesByTurn1765420000000 implements MigrationInterface {
  name = 'MessagesByTurn1765420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`CREATE INDEX messages_turn ON ${s}.messages (turn_id, occurred_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "${schemaOf(queryRunner)}".messages_turn`);
  }
}
