import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { demoOrders } from './demo-orders.js';
import {
  COUNTRIES,
  deliveryWindowOf,
  expectedDeliveryWindow,
  itemsTotalOf,
  type Order,
  type OrderItem,
  type OrderReturn,
  paymentStatusOf,
  returnEligibility,
  roundMoney,
  startReturn,
} from './order-rules.js';

const item = (sku: string, category: OrderItem['category'], extra: Partial<OrderItem> = {}) => ({
  sku,
  name: sku,
  category,
  quantity: 1,
  unitPrice: 100,
  ...extra,
});

// Delivered 2026-02-01 at 16:00 Riyadh time (13:00 UTC): day 21 is 2026-02-22 in Riyadh.
const delivered = (items: OrderItem[], returns: OrderReturn[] = []): Order => ({
  id: 'ORD-9001',
  customerId: 'cust-test',
  status: 'delivered',
  country: 'SA',
  city: 'Riyadh',
  placedAt: '2026-01-29T07:00:00.000Z',
  shippedAt: '2026-01-29T15:00:00.000Z',
  deliveredAt: '2026-02-01T13:00:00.000Z',
  deliveryWindow: { from: '2026-02-01', to: '2026-02-01' },
  items,
  deliveryFee: 0,
  cashOnDeliveryFee: 0,
  total: itemsTotalOf(items),
  currency: 'SAR',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  returns,
});

const at = (iso: string) => new Date(iso);
const eligibilityOf = (order: Order, now: string) =>
  Object.fromEntries(returnEligibility(order, at(now)).items.map((e) => [e.sku, e]));

describe('return eligibility', () => {
  const abaya = item('ABY-1', 'abaya');

  it('is open through day 21 after delivery (local date) and closed on day 22', () => {
    const order = delivered([abaya]);
    const lastMinute = returnEligibility(order, at('2026-02-22T20:59:00Z')); // 23:59 in Riyadh
    expect(lastMinute.items[0]).toEqual({ sku: 'ABY-1', name: 'ABY-1', eligible: true });
    expect(lastMinute).toMatchObject({
      deliveredOn: '2026-02-01',
      returnBy: '2026-02-22',
      daysLeft: 0,
    });
    const nextDay = returnEligibility(order, at('2026-02-22T21:00:00Z')); // 00:00 on day 22
    expect(nextDay.items[0]).toMatchObject({ eligible: false, reason: 'window_expired' });
    expect(returnEligibility(order, at('2026-02-06T09:00:00Z')).daysLeft).toBe(16);
  });

  it('refuses every item of an order that is not delivered, whatever its status', () => {
    for (const status of [
      'placed',
      'confirmed',
      'packing',
      'shipped',
      'out_for_delivery',
      'cancelled',
    ] as const) {
      const { deliveredAt: _d, ...rest } = delivered([abaya]);
      const order: Order = { ...rest, status };
      const result = returnEligibility(order, at('2026-02-02T09:00:00Z'));
      expect(result.items[0]).toMatchObject({ eligible: false, reason: 'not_delivered' });
      expect(result).toMatchObject({ deliveredOn: null, returnBy: null, daysLeft: null });
    }
  });

  it('refuses the non-returnable kinds of the returns policy', () => {
    const order = delivered([
      item('LNG', 'lingerie'),
      item('SLP', 'sleepwear'),
      item('SWM', 'swimwear'),
      item('BRK', 'burkini'),
      item('USC', 'underscarf'),
      item('CAP', 'inner_cap'),
      item('ALT', 'abaya', { altered: true }),
      item('LAST', 'kaftan', { lastPiece: true }),
      item('DRS', 'dress'),
      item('SHO', 'shoes'),
    ]);
    const result = eligibilityOf(order, '2026-02-05T09:00:00Z');
    const details = Object.fromEntries(
      Object.values(result).map((e) => [
        e.sku,
        e.eligible ? 'eligible' : `${e.reason}:${e.detail}`,
      ]),
    );
    expect(details).toEqual({
      LNG: 'non_returnable_category:lingerie',
      SLP: 'non_returnable_category:sleepwear',
      SWM: 'non_returnable_category:swimwear',
      BRK: 'non_returnable_category:swimwear',
      USC: 'non_returnable_category:underscarf',
      CAP: 'non_returnable_category:underscarf',
      ALT: 'non_returnable_category:altered',
      LAST: 'non_returnable_category:last_piece',
      DRS: 'eligible',
      SHO: 'eligible',
    });
  });

  it('lets fragrance, oud oil and bakhoor be returned only with the seal unopened', () => {
    const order = delivered([
      item('FRG', 'fragrance'),
      item('OUD', 'oud_oil'),
      item('BKH', 'bakhoor'),
    ]);
    for (const e of Object.values(eligibilityOf(order, '2026-02-05T09:00:00Z')))
      expect(e).toMatchObject({ eligible: true, condition: 'seal_unopened' });
  });

  it('marks items held by an earlier return as already returned, unless that return was cancelled', () => {
    const order = delivered(
      [abaya, item('DRS', 'dress'), item('SHO', 'shoes')],
      [
        {
          returnId: 'RET-A',
          skus: ['ABY-1'],
          createdAt: '2026-02-02T09:00:00Z',
          status: 'refunded',
          conditions: [],
        },
        {
          returnId: 'RET-B',
          skus: ['DRS'],
          createdAt: '2026-02-03T09:00:00Z',
          status: 'cancelled',
          conditions: [],
        },
      ],
    );
    const result = eligibilityOf(order, '2026-02-05T09:00:00Z');
    expect(result['ABY-1']).toMatchObject({
      eligible: false,
      reason: 'already_returned',
      detail: 'RET-A',
    });
    expect(result['DRS']).toMatchObject({ eligible: true });
    expect(returnEligibility(order, at('2026-02-05T09:00:00Z')).returnRequests).toEqual({
      used: 1,
      limit: 2,
    });
  });

  it('allows at most 2 return requests per order', () => {
    const order = delivered(
      [abaya, item('DRS', 'dress'), item('SHO', 'shoes')],
      [
        {
          returnId: 'RET-A',
          skus: ['ABY-1'],
          createdAt: '2026-02-02T09:00:00Z',
          status: 'requested',
          conditions: [],
        },
        {
          returnId: 'RET-B',
          skus: ['DRS'],
          createdAt: '2026-02-03T09:00:00Z',
          status: 'collected',
          conditions: [],
        },
      ],
    );
    expect(eligibilityOf(order, '2026-02-05T09:00:00Z')['SHO']).toMatchObject({
      eligible: false,
      reason: 'return_limit_reached',
    });
  });
});

describe('starting a return', () => {
  const order = delivered([
    item('ABY-1', 'abaya'),
    item('DRS', 'dress'),
    item('LNG', 'lingerie'),
    item('FRG', 'fragrance'),
  ]);
  const now = at('2026-02-05T09:00:00Z');

  it('decides a new return of eligible items without changing the order', () => {
    const before = JSON.stringify(order);
    expect(startReturn(order, ['ABY-1', 'DRS', 'ABY-1'], now, 'RET-1')).toEqual({
      type: 'return_started',
      orderId: 'ORD-9001',
      replayed: false,
      return: {
        returnId: 'RET-1',
        skus: ['ABY-1', 'DRS'],
        createdAt: '2026-02-05T09:00:00.000Z',
        status: 'requested',
        conditions: [],
      },
    });
    expect(JSON.stringify(order)).toBe(before);
  });

  it('refuses the whole request when one item is not eligible, naming it', () => {
    expect(startReturn(order, ['ABY-1', 'LNG'], now, 'RET-1')).toEqual({
      type: 'return_refused',
      orderId: 'ORD-9001',
      reason: 'not_eligible',
      skus: ['LNG'],
      items: [
        {
          sku: 'LNG',
          name: 'LNG',
          eligible: false,
          reason: 'non_returnable_category',
          detail: 'lingerie',
        },
      ],
    });
    expect(startReturn(order, ['ABY-1'], at('2026-02-23T09:00:00Z'), 'RET-1')).toMatchObject({
      type: 'return_refused',
      reason: 'not_eligible',
      items: [{ reason: 'window_expired' }],
    });
  });

  it('refuses unknown skus and empty requests', () => {
    expect(startReturn(order, ['NOPE', 'ABY-1'], now, 'RET-1')).toMatchObject({
      type: 'return_refused',
      reason: 'unknown_sku',
      skus: ['NOPE'],
    });
    expect(startReturn(order, [], now, 'RET-1')).toMatchObject({
      type: 'return_refused',
      reason: 'no_items',
    });
  });

  it('needs the customer’s confirmation that a sealed item is unopened', () => {
    expect(startReturn(order, ['FRG'], now, 'RET-1')).toMatchObject({
      type: 'return_refused',
      reason: 'seal_confirmation_required',
      skus: ['FRG'],
    });
    expect(startReturn(order, ['FRG'], now, 'RET-1', { sealUnopened: true })).toMatchObject({
      type: 'return_started',
      return: { skus: ['FRG'], conditions: ['seal_unopened'] },
    });
  });

  it('answers a repeated return id with the recorded return instead of refusing its items', () => {
    const first = startReturn(order, ['ABY-1'], now, 'RET-1');
    if (first.type !== 'return_started') throw new Error('expected a started return');
    const after: Order = { ...order, returns: [first.return] };
    expect(startReturn(after, ['ABY-1'], at('2026-02-05T09:05:00Z'), 'RET-1')).toEqual({
      ...first,
      replayed: true,
    });
    expect(startReturn(after, ['ABY-1'], now, 'RET-2')).toMatchObject({
      type: 'return_refused',
      reason: 'not_eligible',
      items: [{ reason: 'already_returned', detail: 'RET-1' }],
    });
    expect(startReturn(after, ['DRS'], now, 'RET-1')).toMatchObject({
      type: 'return_refused',
      reason: 'return_id_conflict',
    });
  });
});

describe('delivery windows (kb/delivery-times-fees.md)', () => {
  // 2026-03-10 is a Tuesday; 2026-03-12 a Thursday; 2026-03-13 a Friday.
  it.each([
    ['SA', 'Riyadh', '2026-03-10T09:00:00Z', '2026-03-11', '2026-03-11'], // 12:00 local, before 1 pm
    ['SA', 'Riyadh', '2026-03-10T11:00:00Z', '2026-03-11', '2026-03-12'], // 14:00 local
    ['SA', 'Jeddah', '2026-03-12T08:00:00Z', '2026-03-15', '2026-03-15'], // Thursday -> Sunday
    ['SA', 'Riyadh', '2026-03-13T08:00:00Z', '2026-03-16', '2026-03-16'], // Friday: from Sunday
    ['SA', 'Dammam', '2026-03-10T09:00:00Z', '2026-03-12', '2026-03-15'],
    ['SA', 'Abha', '2026-03-10T09:00:00Z', '2026-03-12', '2026-03-16'],
    ['AE', 'Dubai', '2026-03-10T09:00:00Z', '2026-03-11', '2026-03-12'],
    ['AE', 'Fujairah', '2026-03-10T09:00:00Z', '2026-03-12', '2026-03-15'],
    ['KW', 'Kuwait City', '2026-03-10T09:00:00Z', '2026-03-12', '2026-03-15'],
    ['BH', 'Manama', '2026-03-10T09:00:00Z', '2026-03-15', '2026-03-16'],
    ['OM', 'Muscat', '2026-03-10T09:00:00Z', '2026-03-15', '2026-03-16'],
    ['OM', 'Salalah', '2026-03-10T09:00:00Z', '2026-03-16', '2026-03-18'],
  ] as const)('%s %s confirmed %s: %s to %s', (country, city, confirmedAt, from, to) => {
    expect(expectedDeliveryWindow(country, city, confirmedAt)).toEqual({ from, to });
  });

  it('reports progress against the window in local dates', () => {
    const { deliveredAt: _d, ...rest } = delivered([item('ABY-1', 'abaya')]);
    const shipped: Order = {
      ...rest,
      status: 'shipped',
      deliveryWindow: { from: '2026-02-01', to: '2026-02-02' },
    };
    expect(deliveryWindowOf(shipped, at('2026-02-02T20:00:00Z'))).toMatchObject({
      progress: 'on_schedule',
      expectedFromWeekday: 'Sunday',
      expectedToWeekday: 'Monday',
      shippedOn: '2026-01-29',
      deliveredOn: null,
    });
    expect(deliveryWindowOf(shipped, at('2026-02-02T21:00:00Z')).progress).toBe('overdue');
    expect(deliveryWindowOf(delivered([]), at('2026-03-01T00:00:00Z')).progress).toBe('delivered');
  });
});

describe('demo orders agree with the knowledge base', () => {
  const now = at('2026-03-10T09:00:00Z');
  const orders = demoOrders(now);
  const byId = Object.fromEntries(orders.map((o) => [o.id, o]));

  it('has the advertised customers and states', () => {
    expect(orders.map((o) => `${o.customerId} ${o.id} ${o.status}`)).toEqual([
      'cust-1001 ORD-1001 delivered',
      'cust-1001 ORD-1002 shipped',
      'cust-1001 ORD-1003 placed',
      'cust-1001 ORD-1004 delivered',
      'cust-1002 ORD-1005 out_for_delivery',
      'cust-1002 ORD-1006 delivered',
      'cust-2002 ORD-1007 cancelled',
    ]);
  });

  // Every hour of two weeks: the rules hold whatever weekday and time of day the seed runs at.
  const nows = Array.from({ length: 14 * 24 }, (_, h) => new Date(now.getTime() + h * 3_600_000));

  it('prices every order with the fees of its country, at any time of seeding', () => {
    // The rules each order breaks, gathered and checked with one expect: an expect per rule and
    // order (some 20,000) was most of this test's time.
    const broken = nows.flatMap((n) =>
      demoOrders(n).flatMap((order) => {
        const rules = COUNTRIES[order.country];
        const itemsTotal = itemsTotalOf(order.items);
        const { paymentMethod, total } = order;
        const holds: Record<string, boolean> = {
          currency: order.currency === rules.currency,
          deliveryFee: Object.is(
            order.deliveryFee,
            itemsTotal >= rules.freeDeliveryFrom ? 0 : rules.deliveryFee,
          ),
          cashOnDeliveryFee: Object.is(
            order.cashOnDeliveryFee,
            paymentMethod === 'cash_on_delivery' ? rules.cashOnDeliveryFee : 0,
          ),
          total: Object.is(
            total,
            roundMoney(itemsTotal + order.deliveryFee + order.cashOnDeliveryFee),
          ),
          cashOnDeliveryLimit:
            paymentMethod !== 'cash_on_delivery' || total <= rules.cashOnDeliveryLimit,
          tamaraRange:
            paymentMethod !== 'tamara' ||
            (rules.tamara !== undefined && total >= rules.tamara.min && total <= rules.tamara.max),
          madaOnlyInSaudiArabia: paymentMethod !== 'mada' || order.country === 'SA',
          deliveryWindow: isDeepStrictEqual(
            order.deliveryWindow,
            expectedDeliveryWindow(order.country, order.city, order.placedAt),
          ),
          placedBeforeNow: Date.parse(order.placedAt) < n.getTime(),
        };
        return Object.entries(holds)
          .filter(([, held]) => !held)
          .map(([rule]) => `${n.toISOString()} ${order.id}: ${rule}`);
      }),
    );
    expect(broken).toEqual([]);
    for (const n of nows) {
      const seeded = demoOrders(n);
      expect(returnEligibility(seeded[0]!, n)).toMatchObject({ daysLeft: 16 });
      expect(returnEligibility(seeded[3]!, n).items[0]).toMatchObject({ reason: 'window_expired' });
    }
    expect(byId['ORD-1003']).toMatchObject({
      deliveryFee: 22,
      cashOnDeliveryFee: 12,
      total: 137,
      paymentStatus: 'pending',
    });
  });

  it('keeps eligibility meaningful relative to now', () => {
    const eligible = (id: string) =>
      Object.fromEntries(
        returnEligibility(byId[id]!, now).items.map((e) => [e.sku, e.eligible ? 'ok' : e.reason]),
      );
    expect(returnEligibility(byId['ORD-1001']!, now)).toMatchObject({ daysLeft: 16 });
    expect(eligible('ORD-1001')).toEqual({ 'ABY-CRP-BLK-54': 'ok', 'FRG-OUD-50': 'ok' });
    expect(eligible('ORD-1004')).toEqual({
      'DRS-SAT-EMR-38': 'window_expired',
      'SHO-NUD-HEEL-38': 'already_returned',
    });
    expect(eligible('ORD-1006')).toEqual({
      'BRK-FULL-TEAL-M': 'non_returnable_category',
      'ABY-TLR-BLK-52': 'non_returnable_category',
      'KFT-SLK-GLD-L': 'non_returnable_category',
      'HJB-LIN-OLV': 'ok',
    });
    expect(eligible('ORD-1002')).toEqual({
      'KFT-LIN-SAND-M': 'not_delivered',
      'HJB-CHF-ROSE': 'not_delivered',
    });
    expect(paymentStatusOf(byId['ORD-1007']!)).toMatchObject({
      method: 'gift_card',
      status: 'refunded',
      total: 310,
    });
  });

  it('is the same data for the same now', () => {
    expect(demoOrders(now)).toEqual(orders);
  });
});
