import { describe, expect, it } from '@jest/globals';
import { compileLexicon, RulesClassifier } from './rules-classifier.js';
import type { LabelTopic, TranscriptLine } from './topic-classifier.js';

const c = (text: string): TranscriptLine => ({ role: 'customer', text });
const a = (text: string): TranscriptLine => ({ role: 'agent', text });

const HANDOFF_EN = a(
  "I'm sorry, I can't help with that. Would you like me to connect you to a colleague?",
);
const HANDOFF_AR = a('عذراً، لا أستطيع المساعدة في ذلك. هل تريد التحدث مع موظف؟');

// Each case: a topical conversation whose last customer line carries no topic at all.
const CASES: ReadonlyArray<readonly [string, LabelTopic, readonly TranscriptLine[]]> = [
  // English
  [
    'en orders',
    'orders',
    [c('I want to cancel my order 10234, I placed it by mistake'), HANDOFF_EN, c('yes connect me')],
  ],
  [
    'en delivery',
    'delivery',
    [
      c("Where is my parcel? It still hasn't arrived and tracking shows nothing"),
      HANDOFF_EN,
      c('yes, connect me'),
    ],
  ],
  [
    'en returns',
    'returns',
    [
      c('The dress is the wrong size, can I exchange it or send it back?'),
      HANDOFF_EN,
      c('yes please'),
    ],
  ],
  [
    'en payments',
    'payments',
    [
      c('I was promised a refund two weeks ago and still nothing'),
      a('Refunds take 5 to 10 business days after approval.'),
      c('yes connect me'),
    ],
  ],
  [
    'en account',
    'account',
    [
      c("I can't log in, the password reset email never comes"),
      HANDOFF_EN,
      c('yes connect me to a human'),
    ],
  ],
  [
    'en product',
    'product',
    [
      c('Is the linen shirt available in blue? What material is the lining?'),
      HANDOFF_EN,
      c('ok, a person please'),
    ],
  ],
  [
    'en other',
    'other',
    [c('Are you hiring? I would like to apply for a job in your warehouse'), HANDOFF_EN, c('yes')],
  ],
  // Gulf Arabic
  [
    'gulf delivery',
    'delivery',
    [c('وين طلبي؟ المندوب ما وصل لين الحين'), HANDOFF_AR, c('أبغى موظف')],
  ],
  [
    'gulf payments',
    'payments',
    [c('انخصم المبلغ من البطاقة مرتين وأبي فلوسي'), HANDOFF_AR, c('أبغى موظف')],
  ],
  ['gulf returns', 'returns', [c('أبي أرجع الفستان، المقاس غلط'), HANDOFF_AR, c('أبغى موظف')]],
  // Egyptian Arabic
  [
    'egyptian delivery',
    'delivery',
    [c('الأوردر اتأخر أوي، امتى هيوصل؟'), HANDOFF_AR, c('عايز أكلم حد من خدمة العملاء')],
  ],
  [
    'egyptian payments',
    'payments',
    [c('الفلوس اتخصمت من الفيزا والأوردر اتلغى، عايز فلوسي ترجع'), HANDOFF_AR, c('عايز أكلم حد')],
  ],
  [
    'egyptian account',
    'account',
    [c('مش عارف أدخل حسابي، الباسورد مش شغال'), HANDOFF_AR, c('عايز أكلم حد')],
  ],
  // Levantine Arabic
  [
    'levantine returns',
    'returns',
    [c('بدي رجّع القطعة وبدلها بمقاس تاني، وصلت مقطوعة'), HANDOFF_AR, c('بدي احكي مع حدا')],
  ],
  [
    'levantine product',
    'product',
    [c('هالموديل متوفر بلون أسود؟ وشو نوع القماش؟'), HANDOFF_AR, c('بدي احكي مع حدا')],
  ],
  [
    'levantine orders',
    'orders',
    [c('بدي إلغي الطلبية، غلطت بالطلب'), HANDOFF_AR, c('بدي احكي مع حدا')],
  ],
  // Modern Standard Arabic
  [
    'msa account',
    'account',
    [
      c('لا أستطيع تسجيل الدخول، رمز التحقق لا يصل إلى رقم الجوال'),
      HANDOFF_AR,
      c('أريد التحدث مع موظف'),
    ],
  ],
  [
    'msa product',
    'product',
    [c('ما هي مواصفات هذا المنتج وهل عليه ضمان؟'), HANDOFF_AR, c('أريد موظفاً')],
  ],
  [
    'msa orders',
    'orders',
    [c('أريد تعديل الطلب وإضافة قطعة أخرى إلى السلة'), HANDOFF_AR, c('نعم')],
  ],
  // Mixed
  [
    'mixed payments',
    'payments',
    [c('دفعت cash on delivery بس the driver charged me twice'), HANDOFF_EN, c('yes ابغى موظف')],
  ],
  [
    'mixed delivery',
    'delivery',
    [c('my شحنة is late, وين المندوب؟'), HANDOFF_EN, c('connect me please')],
  ],
  [
    'mixed returns',
    'returns',
    [c('I want to return the shoes, المقاس غلط'), HANDOFF_EN, c('أبغى موظف')],
  ],
  [
    'mixed account',
    'account',
    [c('ما أقدر login to my account, the OTP never arrives'), HANDOFF_EN, c('أبغى موظف')],
  ],
];

describe('RulesClassifier', () => {
  const classifier = new RulesClassifier();

  it.each(CASES)('%s → %s, from the whole transcript', (_name, topic, transcript) => {
    const label = classifier.label(transcript);
    expect(label.topic).toBe(topic);
    expect(label.confidence).toBeGreaterThan(0);
    expect(label.confidence).toBeLessThanOrEqual(1);
  });

  it('labels nothing topical as other with confidence 0', () => {
    expect(classifier.label([c('hello'), a('Hi! How can I help?'), c('أبغى موظف')])).toEqual({
      topic: 'other',
      confidence: 0,
    });
    expect(classifier.label([])).toEqual({ topic: 'other', confidence: 0 });
  });

  it('gives other on a tie at the top', () => {
    // One delivery word and one account word, same line: equal evidence.
    expect(classifier.label([c('courier password')]).topic).toBe('other');
  });

  it('weighs customer lines over agent lines', () => {
    const transcript = [
      a('I can help with payments, refunds and card charges.'),
      c('my parcel never arrived'),
    ];
    expect(classifier.label(transcript).topic).toBe('delivery');
  });

  it('weighs later lines a little more than earlier ones', () => {
    const scores = classifier.scores([c('refund'), c('tracking')]);
    expect(scores.delivery).toBeGreaterThan(scores.payments);
    expect(classifier.label([c('tracking'), c('refund')]).topic).toBe('payments');
  });

  it('counts a refund as payments, a return with a refund as returns', () => {
    expect(classifier.label([c('where is my refund?')]).topic).toBe('payments');
    expect(classifier.label([c('I want to return it and get a refund')]).topic).toBe('returns');
  });

  it('matches inflections and spellings through normalisation and stems', () => {
    expect(classifier.label([c('Deliveries keep getting DELAYED')]).topic).toBe('delivery');
    expect(classifier.label([c('الشحنةُ تأخّرت')]).topic).toBe('delivery');
    expect(classifier.label([c('إلغاء الطلبية')]).topic).toBe('orders');
  });

  it('resolves classify() with the same label (the port)', async () => {
    await expect(classifier.classify([c('I cannot sign in to my account')])).resolves.toEqual(
      classifier.label([c('I cannot sign in to my account')]),
    );
    expect(classifier.kind).toBe('rules');
  });

  it('every lexicon term survives normalisation and stop words', () => {
    const inert = compileLexicon().filter((t) => t.stems.length === 0);
    expect(inert.map((t) => `${t.topic}/${t.lang}: ${t.term}`)).toEqual([]);
  });
});
