import { describe, expect, it } from '@jest/globals';
import { answerOf } from './confirmation.js';
import { detectOrderIntent, orderIdIn } from './detect-order-intent.js';

describe('detectOrderIntent', () => {
  it.each([
    ['Where is my order?', { kind: 'status' }],
    ['where is my package', { kind: 'status' }],
    ['When will my order arrive?', { kind: 'status' }],
    ['What is the status of ORD-1002?', { kind: 'status', orderId: 'ORD-1002' }],
    ['ord 1002', { kind: 'status', orderId: 'ORD-1002' }],
    ['Any news on order #1003?', { kind: 'status', orderId: 'ORD-1003' }],
    ['I want to return my order', { kind: 'return' }],
    ['I want to send it back, order 1001', { kind: 'return', orderId: 'ORD-1001' }],
    ['Where is my refund?', { kind: 'refund' }],
    ['Was my order refunded?', { kind: 'refund' }],
    ['Has ORD-1003 been paid?', { kind: 'payment', orderId: 'ORD-1003' }],
    ['Was I charged twice for my order?', { kind: 'payment' }],
    ['Show me all my orders', { kind: 'list' }],
    // Arabic, MSA and dialects
    ['وين طلبي؟', { kind: 'status' }],
    ['فين طلبي', { kind: 'status' }],
    ['متى يوصل طلبي؟', { kind: 'status' }],
    ['وش صار على الطلب حقي', { kind: 'status' }],
    ['ما حالة الطلب رقم ١٠٠٢؟', { kind: 'status', orderId: 'ORD-1002' }],
    ['أبي أرجع طلبي', { kind: 'return' }],
    ['ابغى ارجاع ORD-1001', { kind: 'return', orderId: 'ORD-1001' }],
    ['وين فلوسي من طلبي؟', { kind: 'refund' }],
    ['هل تم دفع طلبي؟', { kind: 'payment' }],
    ['طلبي', { kind: 'status' }],
    ['wheres my parcel?? its been a wk', { kind: 'status' }],
    ['Can you check my order? It is late', { kind: 'status' }],
  ])('reads %j as an order question', (text, intent) => {
    expect(detectOrderIntent(text)).toEqual(intent);
  });

  it.each([
    'How long do I have to return a dress?',
    'How do I return my order?',
    'Can I pay for my order by card?',
    'What are my delivery options?',
    'which payment methods can I use for my order?',
    'What payment methods do you accept?',
    'Do you ship to Bahrain?',
    'كيف ارجع طلبي؟',
    'كم مدة الإرجاع؟',
    'هل يمكن الدفع عند الاستلام؟',
    'ينفع ارجع طلبي بعد اسبوعين؟',
    'order more than 300 SAR for free delivery',
    'When will my refund show up on my card?',
    'Until when can I cancel my order?',
    'Can I change the address of ORD-1002?',
    'What does "out for delivery" mean on my order?',
    'How long until my package arrives?',
    'هل يمكن الدفع عند الاستلام لطلب 4000 ريال؟',
    'متى يرجع المبلغ لبطاقتي بعد ما رجعت طلبي؟',
    'ابغى الغي طلبي',
    "What's your exchange period? My parcel arrived on Sunday",
    'whats ur return window? my package came yesterday',
    'The dress I ordered is too long. Can you shorten it for free?',
    'If I keep store credit instead of my money back, do I get anything extra?',
    'I paid for my order with Tabby; do I still have to pay the instalments after a return?',
  ])('leaves %j to the knowledge base', (text) => {
    expect(detectOrderIntent(text)).toBeNull();
  });

  // Every way of naming an order, in either language and either kind of digits, is a fact of the
  // language (detect-order-intent.ts `ORDER_NAMING`), not one question's wording.
  it.each([
    ['وين طلبي ١٠٠١؟', 'ORD-1001'],
    ['وين طلبي 1001؟', 'ORD-1001'],
    ['وين طلبي ۱۰۰۱', 'ORD-1001'],
    ['طلبي رقم ١٠٠٢ متى يوصل', 'ORD-1002'],
    ['رقم الطلب 1003', 'ORD-1003'],
    ['رقم ١٠٠٤', 'ORD-1004'],
    ['الطلبية 1005 وينها', 'ORD-1005'],
    ['طلبيتي ١٠٠٦ وصلت؟', 'ORD-1006'],
    ['وين #١٠٠٧', 'ORD-1007'],
    ['where is my order 1001?', 'ORD-1001'],
    ['order no. 1002 please', 'ORD-1002'],
    ['my order number: 1003', 'ORD-1003'],
    ['#1004 status', 'ORD-1004'],
    ['ORD-1005', 'ORD-1005'],
    ['ord1006', 'ORD-1006'],
  ])('reads the order %j names as %s', (text, orderId) => {
    expect(orderIdIn(text)).toBe(orderId);
    expect(detectOrderIntent(text)?.orderId).toBe(orderId);
  });

  it('reads an order number only where one is written', () => {
    expect(orderIdIn('my order number is 1004')).toBe('ORD-1004');
    expect(orderIdIn('طلب رقم 1005')).toBe('ORD-1005');
    expect(orderIdIn('delivery in 3 days for 25 SAR')).toBeUndefined();
  });
});

describe('answerOf', () => {
  it.each([
    'yes',
    'Yes please',
    'ok, go ahead',
    'sure, start the return',
    'نعم',
    'ايوه',
    'أكيد ابي ارجعها',
    'تمام',
  ])('reads %j as yes', (text) => {
    expect(answerOf(text)).toBe('yes');
  });

  it.each(['no', 'no thanks', 'not now', 'لا', 'لا شكراً', 'yes, no wait', 'بلاش'])(
    'reads %j as no',
    (text) => {
      expect(answerOf(text)).toBe('no');
    },
  );

  it.each([
    'what do I do?',
    'which one is cheaper',
    'اي طلب تقصد',
    'How long does delivery to Muscat take?',
  ])('reads %j as no answer', (text) => {
    expect(answerOf(text)).toBeUndefined();
  });
});
