import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase } from '@support/persistence';
import { createTestDatabase, type TestDatabase } from '@support/testing';
import type { DataSource } from 'typeorm';
import type { AgentTool, ToolContext } from './agent-tool.js';
import { seedDemoOrders } from './demo-orders.js';
import { OrderRepository } from './order-repository.js';
import { ORDER_ENTITIES, ORDER_MIGRATIONS } from './order-persistence.js';
import { orderTools } from './order-tools.js';

const NOW = new Date('2026-03-10T09:00:00Z');

describe('order tools against Postgres', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let tools: Record<string, AgentTool>;
  let calls = 0;

  const context = (customerId: string, ids: Partial<ToolContext> = {}): ToolContext => ({
    customerId,
    now: NOW,
    turnId: 'turn-1',
    callId: `call-${++calls}`,
    ...ids,
  });
  const run = (name: string, args: Record<string, unknown>, ctx: ToolContext) =>
    tools[name]!.run(args, ctx) as Promise<Record<string, unknown>>;
  const returnCount = async (orderId: string) => {
    const [{ count }] = await dataSource.query(
      'SELECT count(*)::int AS count FROM orders_it.order_returns WHERE order_id = $1',
      [orderId],
    );
    return count as number;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDatabase({
      url: database.url,
      schema: 'orders_it',
      entities: ORDER_ENTITIES,
      migrations: ORDER_MIGRATIONS,
    });
    await seedDemoOrders(dataSource, NOW);
    await seedDemoOrders(dataSource, new Date(NOW.getTime() + 86_400_000)); // idempotent
    tools = Object.fromEntries(
      orderTools(new OrderRepository(dataSource)).map((tool) => [tool.name, tool]),
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('creates its tables in the data source schema beside the shared ones, seeded once', async () => {
    const tables: { table_name: string }[] = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'orders_it' ORDER BY 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['conversations', 'order_returns', 'orders', 'processed_events']),
    );
    const [{ count }] = await dataSource.query(
      'SELECT count(*)::int AS count FROM orders_it.orders',
    );
    expect(count).toBe(7);
  });

  it('offers JSON Schema parameters for every tool', () => {
    expect(Object.keys(tools)).toEqual([
      'list_my_orders',
      'get_order_status',
      'check_return_eligibility',
      'start_return',
      'get_payment_status',
    ]);
    for (const tool of Object.values(tools)) {
      expect(tool.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.description.length).toBeGreaterThan(20);
    }
  });

  it('lists only the authenticated customer’s orders, newest first', async () => {
    const mine = await run('list_my_orders', {}, context('cust-1001'));
    expect((mine['orders'] as { orderId: string }[]).map((o) => o.orderId)).toEqual([
      'ORD-1003',
      'ORD-1002',
      'ORD-1001',
      'ORD-1004',
    ]);
    const other = await run('list_my_orders', {}, context('cust-2002'));
    expect(other).toEqual({
      orders: [
        {
          orderId: 'ORD-1007',
          status: 'cancelled',
          placedOn: '2026-03-07',
          city: 'Doha',
          items: [
            {
              sku: 'SKR-PLT-BLK-M',
              name: 'Pleated maxi skirt, black',
              quantity: 1,
              unitPrice: 310,
            },
          ],
          total: 310,
          currency: 'QAR',
          paymentMethod: 'gift_card',
        },
      ],
    });
    expect(await run('list_my_orders', {}, context('cust-nobody'))).toEqual({ orders: [] });
  });

  it('ignores a customer id among the arguments', async () => {
    const spoofed = await run('list_my_orders', { customerId: 'cust-1002' }, context('cust-2002'));
    expect((spoofed['orders'] as { orderId: string }[]).map((o) => o.orderId)).toEqual([
      'ORD-1007',
    ]);
    const status = await run(
      'get_order_status',
      { orderId: 'ORD-1005', customerId: 'cust-1002' },
      context('cust-1001'),
    );
    expect(status).toEqual(
      await run('get_order_status', { orderId: 'ORD-1005' }, context('cust-1001')),
    );
    expect(status['error']).toBe('not_found');
  });

  it('answers a customer id Postgres cannot store as a customer without orders', async () => {
    const returnsBefore = await returnCount('ORD-1001');
    for (const customerId of ['cust-1001\u0000', 'cust-1001\ud800']) {
      expect(await run('list_my_orders', {}, context(customerId))).toEqual({ orders: [] });
      for (const name of ['get_order_status', 'check_return_eligibility', 'get_payment_status'])
        expect(await run(name, { orderId: 'ORD-1001' }, context(customerId))).toMatchObject({
          error: 'not_found',
        });
      expect(
        await run(
          'start_return',
          { orderId: 'ORD-1001', skus: ['ABY-CRP-BLK-54'] },
          context(customerId),
        ),
      ).toMatchObject({ error: 'not_found' });
    }
    expect(await returnCount('ORD-1001')).toBe(returnsBefore);
  });

  it('answers another customer’s order exactly like an unknown one, in every tool', async () => {
    for (const name of ['get_order_status', 'check_return_eligibility', 'get_payment_status']) {
      const foreign = await run(name, { orderId: 'ORD-1005' }, context('cust-1001'));
      const missing = await run(name, { orderId: 'ORD-9999' }, context('cust-1001'));
      expect(foreign).toEqual(missing);
      expect(foreign).toMatchObject({ error: 'not_found' });
    }
    const foreign = await run(
      'start_return',
      { orderId: 'ORD-1006', skus: ['HJB-LIN-OLV'] },
      context('cust-1001'),
    );
    expect(foreign).toEqual(
      await run(
        'start_return',
        { orderId: 'ORD-9999', skus: ['HJB-LIN-OLV'] },
        context('cust-1001'),
      ),
    );
    expect(foreign).toMatchObject({ error: 'not_found' });
    expect(await returnCount('ORD-1006')).toBe(0);
  });

  it('reports status with the delivery window, eligibility and payment from the stored order', async () => {
    expect(
      await run('get_order_status', { orderId: 'ord-1002' }, context('cust-1001')),
    ).toMatchObject({
      orderId: 'ORD-1002',
      status: 'shipped',
      city: 'Dammam',
      country: 'Saudi Arabia',
      placedOn: '2026-03-09',
      expectedFrom: '2026-03-11',
      expectedTo: '2026-03-12',
      progress: 'on_schedule',
    });
    expect(
      await run('check_return_eligibility', { orderId: '1001' }, context('cust-1001')),
    ).toMatchObject({
      orderId: 'ORD-1001',
      deliveredOn: '2026-03-05',
      returnBy: '2026-03-26',
      daysLeft: 16,
      items: [
        { sku: 'ABY-CRP-BLK-54', eligible: true },
        { sku: 'FRG-OUD-50', eligible: true, condition: 'seal_unopened' },
      ],
    });
    expect(await run('get_payment_status', { orderId: 'ORD-1003' }, context('cust-1001'))).toEqual({
      orderId: 'ORD-1003',
      method: 'cash_on_delivery',
      status: 'pending',
      total: 137,
      itemsTotal: 103,
      deliveryFee: 22,
      cashOnDeliveryFee: 12,
      currency: 'SAR',
      returns: [],
    });
  });

  it('starts one return, and a re-run of the same tool call records nothing new', async () => {
    const ids = { turnId: 'turn-return', callId: 'call-return' };
    const args = { orderId: 'ORD-1001', skus: ['ABY-CRP-BLK-54'] };
    const first = await run('start_return', args, context('cust-1001', ids));
    expect(first).toMatchObject({
      result: 'return_started',
      orderId: 'ORD-1001',
      status: 'requested',
      createdAt: NOW.toISOString(),
      items: [{ sku: 'ABY-CRP-BLK-54', name: 'Black crepe abaya', quantity: 1 }],
      conditions: [],
    });
    const later = { ...context('cust-1001', ids), now: new Date(NOW.getTime() + 60_000) };
    expect(await run('start_return', args, later)).toEqual(first);
    expect(await returnCount('ORD-1001')).toBe(1);

    // A different call for the same item is refused: the item is already in a return.
    expect(await run('start_return', args, context('cust-1001'))).toMatchObject({
      result: 'return_refused',
      reason: 'not_eligible',
      items: [{ sku: 'ABY-CRP-BLK-54', reason: 'already_returned', detail: first['returnId'] }],
    });
    expect(await returnCount('ORD-1001')).toBe(1);
    expect(
      await run('get_payment_status', { orderId: 'ORD-1001' }, context('cust-1001')),
    ).toMatchObject({
      returns: [{ returnId: first['returnId'], skus: ['ABY-CRP-BLK-54'], status: 'requested' }],
    });
  });

  it('asks for the seal confirmation before returning a fragrance', async () => {
    const args = { orderId: 'ORD-1001', skus: ['FRG-OUD-50'] };
    expect(await run('start_return', args, context('cust-1001'))).toMatchObject({
      result: 'return_refused',
      reason: 'seal_confirmation_required',
      skus: ['FRG-OUD-50'],
    });
    expect(
      await run('start_return', { ...args, sealUnopened: true }, context('cust-1001')),
    ).toMatchObject({ result: 'return_started', conditions: ['seal_unopened'] });
    // Both of the order's 2 return requests are now used.
    expect(await returnCount('ORD-1001')).toBe(2);
  });

  it('refuses ineligible items without recording anything', async () => {
    expect(
      await run(
        'start_return',
        { orderId: 'ORD-1006', skus: ['BRK-FULL-TEAL-M', 'HJB-LIN-OLV'] },
        context('cust-1002'),
      ),
    ).toMatchObject({
      result: 'return_refused',
      reason: 'not_eligible',
      skus: ['BRK-FULL-TEAL-M'],
      items: [{ reason: 'non_returnable_category', detail: 'swimwear' }],
    });
    expect(
      await run(
        'start_return',
        { orderId: 'ORD-1004', skus: ['DRS-SAT-EMR-38'] },
        context('cust-1001'),
      ),
    ).toMatchObject({ result: 'return_refused', items: [{ reason: 'window_expired' }] });
    expect(
      await run('start_return', { orderId: 'ORD-1002', skus: ['NOT-A-SKU'] }, context('cust-1001')),
    ).toMatchObject({ result: 'return_refused', reason: 'unknown_sku', skus: [] });
    expect(await returnCount('ORD-1006')).toBe(0);
  });

  it('lets only one of several concurrent requests return the same item', async () => {
    const args = { orderId: 'ORD-1006', skus: ['hjb-lin-olv'] };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => run('start_return', args, context('cust-1002'))),
    );
    expect(results.filter((r) => r['result'] === 'return_started')).toHaveLength(1);
    expect(results.filter((r) => r['result'] === 'return_refused')).toHaveLength(3);
    expect(await returnCount('ORD-1006')).toBe(1);
  });

  it('answers bad arguments with invalid_arguments instead of throwing', async () => {
    const cases: [string, unknown][] = [
      ['get_order_status', {}],
      ['get_order_status', { orderId: 42 }],
      ['get_order_status', { orderId: '   ' }],
      ['get_order_status', { orderId: "ORD-1001'; DROP TABLE orders; --" }],
      ['check_return_eligibility', { orderId: 'x'.repeat(100) }],
      ['start_return', { orderId: 'ORD-1001' }],
      ['start_return', { orderId: 'ORD-1001', skus: [] }],
      ['start_return', { orderId: 'ORD-1001', skus: 'ABY-CRP-BLK-54' }],
      ['start_return', { orderId: 'ORD-1001', skus: [7] }],
      ['start_return', { orderId: 'ORD-1005', skus: ['X'], sealUnopened: 'yes' }],
      ['get_payment_status', null],
      ['get_payment_status', ['ORD-1001']],
      ['list_my_orders', 'everything'],
    ];
    for (const [name, args] of cases) {
      const result = await run(name, args as Record<string, unknown>, context('cust-1001'));
      expect({ name, args, result }).toMatchObject({
        name,
        result: { error: 'invalid_arguments', message: expect.any(String) },
      });
    }
    expect(await returnCount('ORD-1001')).toBe(2);
  });
});
