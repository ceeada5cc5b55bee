import { describe, expect, it } from '@jest/globals';
import { ORDER_TOOLS } from '../tools/tool-names.js';
import {
  orderRecordText,
  returnOfferedIn,
  returnOfferQuestion,
  whichOrderQuestion,
} from './order-record-text.js';

// What the order tools return (services/agent/src/orders): local dates of the destination.
const SHIPPED = {
  orderId: 'ORD-1002',
  status: 'shipped',
  city: 'Riyadh',
  country: 'Saudi Arabia',
  expectedFrom: '2026-12-06',
  expectedTo: '2026-12-07',
  placedOn: '2026-12-02',
  shippedOn: '2026-12-03',
  deliveredOn: null,
  cancelledOn: null,
  progress: 'on_schedule',
  items: [
    { sku: 'ABY-1', name: 'Black crepe abaya', quantity: 1, unitPrice: 349 },
    { sku: 'SCF-2', name: 'Silk scarf', quantity: 2, unitPrice: 59 },
  ],
};

const FIELD_NAME =
  /\b(?:status|progress|expectedFrom|expectedTo|placedOn|shippedOn|quantity|sku)\b|:\s*null/;

describe('orderRecordText', () => {
  it('says an order’s status, its delivery window and its items as English sentences', () => {
    const { title, sentences } = orderRecordText(ORDER_TOOLS.status, SHIPPED, 'en');
    expect(title).toBe('Your order ORD-1002');
    expect(sentences).toEqual([
      'Your order ORD-1002 was shipped on 3 December 2026.',
      'It is expected in Riyadh between Sunday, 6 December 2026 and Monday, 7 December 2026.',
      'It holds Black crepe abaya × 1 and Silk scarf × 2.',
    ]);
  });

  it('says the same in Arabic, with Arabic month names and the same local dates', () => {
    const { title, sentences } = orderRecordText(ORDER_TOOLS.status, SHIPPED, 'ar');
    expect(title).toBe('طلبك ORD-1002');
    expect(sentences[0]).toBe('طلبك ORD-1002 شُحن في 3 ديسمبر 2026.');
    expect(sentences[1]).toMatch(
      /^يُتوقع وصوله إلى Riyadh بين الأحد، 6 ديسمبر 2026 والاثنين، 7 ديسمبر 2026\.$/,
    );
    expect(sentences.join('\n')).not.toMatch(FIELD_NAME);
  });

  it('names no field and no null in any tool’s record, in either language', () => {
    const results: [string, object][] = [
      [
        ORDER_TOOLS.status,
        { ...SHIPPED, status: 'delivered', deliveredOn: '2026-12-05', progress: 'delivered' },
      ],
      [
        ORDER_TOOLS.list,
        {
          orders: [
            {
              orderId: 'ORD-1002',
              status: 'shipped',
              placedOn: '2026-12-02',
              city: 'Riyadh',
              total: 467,
              currency: 'SAR',
            },
          ],
        },
      ],
      [
        ORDER_TOOLS.returnEligibility,
        {
          orderId: 'ORD-1001',
          status: 'delivered',
          deliveredOn: '2026-11-28',
          returnBy: '2026-12-19',
          daysLeft: 16,
          returnRequests: { used: 0, limit: 2 },
          items: [
            { sku: 'A', name: 'Black crepe abaya', eligible: true },
            { sku: 'B', name: 'Oud oil', eligible: true, condition: 'seal_unopened' },
            {
              sku: 'C',
              name: 'Burkini',
              eligible: false,
              reason: 'non_returnable_category',
              detail: 'swimwear',
            },
          ],
        },
      ],
      [
        ORDER_TOOLS.payment,
        {
          orderId: 'ORD-1003',
          method: 'cash_on_delivery',
          status: 'pending',
          total: 283,
          itemsTotal: 249,
          deliveryFee: 22,
          cashOnDeliveryFee: 12,
          currency: 'SAR',
          returns: [],
        },
      ],
      [
        ORDER_TOOLS.startReturn,
        {
          result: 'return_started',
          orderId: 'ORD-1001',
          returnId: 'RET-1',
          status: 'requested',
          items: [{ sku: 'A', name: 'Black crepe abaya', quantity: 1 }],
          conditions: [],
        },
      ],
      [
        ORDER_TOOLS.status,
        {
          error: 'not_found',
          message: 'No order with this number was found among the customer’s orders.',
        },
      ],
    ];
    for (const [tool, result] of results)
      for (const language of ['en', 'ar'] as const) {
        const { sentences } = orderRecordText(tool, result, language);
        expect(sentences.length).toBeGreaterThan(0);
        for (const sentence of sentences) {
          expect(sentence).not.toMatch(FIELD_NAME);
          expect(sentence).toMatch(/[.؟?]$/);
        }
      }
  });

  it('writes amounts with their currency and the fees they include', () => {
    const { sentences } = orderRecordText(
      ORDER_TOOLS.payment,
      {
        orderId: 'ORD-1003',
        method: 'cash_on_delivery',
        status: 'pending',
        total: 283,
        deliveryFee: 22,
        cashOnDeliveryFee: 12,
        currency: 'SAR',
        returns: [],
      },
      'en',
    );
    // Intl puts a no-break space between the currency and the amount.
    expect(sentences.map((s) => s.replace(/\u00a0/g, ' '))).toEqual([
      'Your order ORD-1003 is waiting for payment by cash on delivery: SAR 283.00 in total.',
      'The total includes SAR 22.00 delivery and SAR 12.00 cash on delivery fee.',
    ]);
  });
});

describe('the questions about orders', () => {
  it('asks which order, listing each with its status and day', () => {
    const orders = [
      { orderId: 'ORD-1002', status: 'shipped', placedOn: '2026-12-02' },
      { orderId: 'ORD-1003', status: 'packing', placedOn: '2026-12-03' },
    ];
    expect(whichOrderQuestion(orders, 'en')).toBe(
      'Which order do you mean: ORD-1002 (shipped, placed on 2 December 2026) or ORD-1003 (being packed, placed on 3 December 2026)?',
    );
    expect(whichOrderQuestion(orders, 'ar')).toMatch(/^أي طلب تقصد: ORD-1002 .* أو ORD-1003 .*؟$/);
  });

  it('reads back the order a return was offered for, in either language', () => {
    for (const language of ['en', 'ar'] as const) {
      const offer = returnOfferQuestion(['Black crepe abaya'], 'ORD-1001', language);
      expect(returnOfferedIn(`Something else.\n${offer}`)).toBe('ORD-1001');
    }
    expect(
      returnOfferedIn('Your order ORD-1001 was delivered on 28 November 2026.'),
    ).toBeUndefined();
  });
});
