import type { MigrationInterface, QueryRunner } from 'typeorm';

const schemaOf = (queryRunner: QueryRunner) =>
  (queryRunner.connection.options as { schema?: string }).schema ?? 'public';

/**
 * The shop's orders (items as jsonb) and the returns started on them. The value lists are frozen
 * copies of those in order-rules.ts: a migration must not change when the code does.
 */
export class Orders1764680400000 implements MigrationInterface {
  name = 'Orders1764680400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}.orders (
        id text PRIMARY KEY,
        customer_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('placed', 'confirmed', 'packing', 'shipped', 'out_for_delivery', 'delivered', 'cancelled')),
        country text NOT NULL,
        city text NOT NULL,
        placed_at timestamptz NOT NULL,
        shipped_at timestamptz,
        delivered_at timestamptz,
        cancelled_at timestamptz,
        delivery_window_from date NOT NULL,
        delivery_window_to date NOT NULL,
        items jsonb NOT NULL,
        delivery_fee numeric(12, 3) NOT NULL,
        cash_on_delivery_fee numeric(12, 3) NOT NULL,
        total numeric(12, 3) NOT NULL,
        currency text NOT NULL,
        payment_method text NOT NULL CHECK (payment_method IN ('card', 'mada', 'apple_pay', 'cash_on_delivery', 'tamara', 'gift_card')),
        payment_status text NOT NULL CHECK (payment_status IN ('paid', 'pending', 'refund_pending', 'refunded'))
      )`);
    await queryRunner.query(
      `CREATE INDEX orders_customer_placed ON ${s}.orders (customer_id, placed_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.order_returns (
        return_id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES ${s}.orders (id),
        skus jsonb NOT NULL,
        conditions jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('requested', 'collected', 'refunded', 'rejected', 'cancelled')),
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX order_returns_order ON ${s}.order_returns (order_id, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${schemaOf(queryRunner)}"`;
    for (const table of ['order_returns', 'orders'])
      await queryRunner.query(`DROP TABLE ${s}.${table}`);
  }
}
