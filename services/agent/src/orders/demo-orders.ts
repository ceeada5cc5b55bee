import type { DataSource } from 'typeorm';
import { OrderEntity, OrderReturnEntity, toOrderReturnRow, toOrderRow } from './order-entities.js';
import {
  addDays,
  cashOnDeliveryFeeFor,
  COUNTRIES,
  type CountryCode,
  deliveryFeeFor,
  expectedDeliveryWindow,
  type IsoDate,
  itemsTotalOf,
  localDateOf,
  localTimeToInstant,
  type Order,
  type OrderReturn,
  roundMoney,
} from './order-rules.js';

type DemoOrder = Omit<
  Order,
  'deliveryFee' | 'cashOnDeliveryFee' | 'total' | 'currency' | 'returns' | 'deliveryWindow'
> & { readonly returns?: readonly OrderReturn[] };

/** Fees, total, currency and delivery window follow from the shop's rules, as for a real order. */
function priced(order: DemoOrder): Order {
  const itemsTotal = itemsTotalOf(order.items);
  const deliveryFee = deliveryFeeFor(order.country, itemsTotal);
  const cashOnDeliveryFee = cashOnDeliveryFeeFor(order.country, order.paymentMethod);
  return {
    ...order,
    deliveryWindow: expectedDeliveryWindow(order.country, order.city, order.placedAt),
    deliveryFee,
    cashOnDeliveryFee,
    total: roundMoney(itemsTotal + deliveryFee + cashOnDeliveryFee),
    currency: COUNTRIES[order.country].currency,
    returns: order.returns ?? [],
  };
}

const HOUR = 3_600_000;
const hoursBefore = (now: Date, hours: number) =>
  new Date(now.getTime() - hours * HOUR).toISOString();

/**
 * A placing time (10:00 local) whose promised window contains `arrivalDay`, so that a delivered
 * or out-for-delivery order arrived on time; when no day works (arrival on a weekend), two days before.
 */
function placedInTimeFor(country: CountryCode, city: string, arrivalDay: IsoDate): string {
  for (let daysBefore = 1; daysBefore <= 7; daysBefore += 1) {
    const placedAt = localTimeToInstant(addDays(arrivalDay, -daysBefore), 10, country);
    const window = expectedDeliveryWindow(country, city, placedAt);
    if (window.from <= arrivalDay && arrivalDay <= window.to) return placedAt;
  }
  return localTimeToInstant(addDays(arrivalDay, -2), 10, country);
}

/** Delivered `days` ago at 16:00 local time, placed so that it arrived within its window. */
function deliveredDaysAgo(now: Date, days: number, country: CountryCode, city: string) {
  const deliveredOn = addDays(localDateOf(now, country), -days);
  const placedAt = placedInTimeFor(country, city, deliveredOn);
  return {
    placedAt,
    shippedAt: new Date(Date.parse(placedAt) + 8 * HOUR).toISOString(),
    deliveredAt: localTimeToInstant(deliveredOn, 16, country),
  };
}

/**
 * The demo shop's orders, with dates relative to `now` so that return eligibility stays meaningful:
 *
 * - cust-1001: ORD-1001 delivered 5 days ago (abaya + oud perfume), ORD-1002 shipped, ORD-1003
 *   placed with cash on delivery, ORD-1004 delivered 40 days ago (one item already returned).
 * - cust-1002: ORD-1005 out for delivery (Tamara), ORD-1006 delivered 12 days ago (a burkini, an
 *   altered abaya, a "Last Piece" kaftan and a returnable hijab).
 * - cust-2002: ORD-1007 cancelled, paid by gift card and refunded.
 */
export function demoOrders(now: Date): Order[] {
  const ord1001 = deliveredDaysAgo(now, 5, 'SA', 'Riyadh');
  const ord1004 = deliveredDaysAgo(now, 40, 'SA', 'Jeddah');
  const ord1005Placed = placedInTimeFor('AE', 'Dubai', localDateOf(now, 'AE'));
  const ord1006 = deliveredDaysAgo(now, 12, 'KW', 'Kuwait City');
  return [
    priced({
      id: 'ORD-1001',
      customerId: 'cust-1001',
      status: 'delivered',
      country: 'SA',
      city: 'Riyadh',
      ...ord1001,
      items: [
        {
          sku: 'ABY-CRP-BLK-54',
          name: 'Black crepe abaya',
          category: 'abaya',
          quantity: 1,
          unitPrice: 450,
        },
        {
          sku: 'FRG-OUD-50',
          name: 'Oud Al Layl eau de parfum 50 ml',
          category: 'fragrance',
          quantity: 1,
          unitPrice: 290,
        },
      ],
      paymentMethod: 'card',
      paymentStatus: 'paid',
    }),
    priced({
      id: 'ORD-1002',
      customerId: 'cust-1001',
      status: 'shipped',
      country: 'SA',
      city: 'Dammam',
      placedAt: hoursBefore(now, 26),
      shippedAt: hoursBefore(now, 4),
      items: [
        {
          sku: 'KFT-LIN-SAND-M',
          name: 'Embroidered linen kaftan, sand',
          category: 'kaftan',
          quantity: 1,
          unitPrice: 380,
        },
        {
          sku: 'HJB-CHF-ROSE',
          name: 'Chiffon hijab, dusty rose',
          category: 'hijab',
          quantity: 2,
          unitPrice: 45,
        },
      ],
      paymentMethod: 'mada',
      paymentStatus: 'paid',
    }),
    priced({
      id: 'ORD-1003',
      customerId: 'cust-1001',
      status: 'placed',
      country: 'SA',
      city: 'Riyadh',
      placedAt: hoursBefore(now, 1),
      items: [
        {
          sku: 'HJB-JRS-NAVY',
          name: 'Modal jersey hijab, navy',
          category: 'hijab',
          quantity: 2,
          unitPrice: 39,
        },
        {
          sku: 'CAP-INR-BLK',
          name: 'Hijab inner cap, black',
          category: 'inner_cap',
          quantity: 1,
          unitPrice: 25,
        },
      ],
      paymentMethod: 'cash_on_delivery',
      paymentStatus: 'pending',
    }),
    priced({
      id: 'ORD-1004',
      customerId: 'cust-1001',
      status: 'delivered',
      country: 'SA',
      city: 'Jeddah',
      ...ord1004,
      items: [
        {
          sku: 'DRS-SAT-EMR-38',
          name: 'Satin evening dress, emerald',
          category: 'dress',
          quantity: 1,
          unitPrice: 650,
        },
        {
          sku: 'SHO-NUD-HEEL-38',
          name: 'Block-heel sandals, nude',
          category: 'shoes',
          quantity: 1,
          unitPrice: 320,
        },
      ],
      paymentMethod: 'apple_pay',
      paymentStatus: 'paid',
      returns: [
        {
          returnId: 'RET-DEMO-1004',
          skus: ['SHO-NUD-HEEL-38'],
          createdAt: new Date(Date.parse(ord1004.deliveredAt) + 3 * 24 * HOUR).toISOString(),
          status: 'refunded',
          conditions: [],
        },
      ],
    }),
    priced({
      id: 'ORD-1005',
      customerId: 'cust-1002',
      status: 'out_for_delivery',
      country: 'AE',
      city: 'Dubai',
      placedAt: ord1005Placed,
      shippedAt: new Date(Date.parse(ord1005Placed) + 8 * HOUR).toISOString(),
      items: [
        {
          sku: 'ABY-OPN-NVY-56',
          name: 'Open crepe abaya, navy',
          category: 'abaya',
          quantity: 1,
          unitPrice: 520,
        },
        {
          sku: 'USC-JRS-WHT',
          name: 'Jersey underscarf, white',
          category: 'underscarf',
          quantity: 2,
          unitPrice: 35,
        },
      ],
      paymentMethod: 'tamara',
      paymentStatus: 'paid',
    }),
    priced({
      id: 'ORD-1006',
      customerId: 'cust-1002',
      status: 'delivered',
      country: 'KW',
      city: 'Kuwait City',
      ...ord1006,
      items: [
        {
          sku: 'BRK-FULL-TEAL-M',
          name: 'Full-cover burkini, teal',
          category: 'burkini',
          quantity: 1,
          unitPrice: 18.5,
        },
        {
          sku: 'ABY-TLR-BLK-52',
          name: 'Tailored abaya, shortened',
          category: 'abaya',
          quantity: 1,
          unitPrice: 42,
          altered: true,
        },
        {
          sku: 'KFT-SLK-GLD-L',
          name: 'Silk kaftan, gold (Last Piece)',
          category: 'kaftan',
          quantity: 1,
          unitPrice: 35,
          lastPiece: true,
        },
        {
          sku: 'HJB-LIN-OLV',
          name: 'Linen hijab, olive',
          category: 'hijab',
          quantity: 2,
          unitPrice: 4.25,
        },
      ],
      paymentMethod: 'card',
      paymentStatus: 'paid',
    }),
    priced({
      id: 'ORD-1007',
      customerId: 'cust-2002',
      status: 'cancelled',
      country: 'QA',
      city: 'Doha',
      placedAt: hoursBefore(now, 72),
      cancelledAt: hoursBefore(now, 70),
      items: [
        {
          sku: 'SKR-PLT-BLK-M',
          name: 'Pleated maxi skirt, black',
          category: 'skirt',
          quantity: 1,
          unitPrice: 310,
        },
      ],
      paymentMethod: 'gift_card',
      paymentStatus: 'refunded',
    }),
  ];
}

/**
 * Inserts the demo orders and their returns; rows that exist already are left as they are, so
 * seeding twice (or from two processes at once) changes nothing.
 */
export async function seedDemoOrders(dataSource: DataSource, now: Date): Promise<void> {
  const orders = demoOrders(now);
  await dataSource.transaction(async (manager) => {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OrderEntity)
      .values(orders.map(toOrderRow))
      .orIgnore()
      .execute();
    const returns = orders.flatMap((o) => o.returns.map((r) => toOrderReturnRow(o.id, r)));
    if (returns.length > 0)
      await manager
        .createQueryBuilder()
        .insert()
        .into(OrderReturnEntity)
        .values(returns)
        .orIgnore()
        .execute();
  });
}
