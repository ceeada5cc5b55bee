import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The gateway's limits, shared by its replicas: token buckets per customer and kind, and the open
 * customer sockets under the lease of the gateway process holding them. Operational state, not
 * projections of the event log: replay neither reads nor rebuilds them, and a restore may start
 * them empty.
 */
export class GatewayLimits1764710000000 implements MigrationInterface {
  name = 'GatewayLimits1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.gateway_rate_buckets (
        customer_id text NOT NULL,
        kind text NOT NULL,
        tokens double precision NOT NULL,
        refilled_at timestamptz NOT NULL,
        PRIMARY KEY (customer_id, kind)
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.gateway_leases (
        owner text PRIMARY KEY,
        instance text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.gateway_connections (
        connection_id text PRIMARY KEY,
        owner text NOT NULL REFERENCES ${s}.gateway_leases (owner) ON DELETE CASCADE,
        customer_id text NOT NULL,
        opened_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX gateway_connections_customer ON ${s}.gateway_connections (customer_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX gateway_connections_owner ON ${s}.gateway_connections (owner)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    for (const table of ['gateway_connections', 'gateway_leases', 'gateway_rate_buckets'])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
