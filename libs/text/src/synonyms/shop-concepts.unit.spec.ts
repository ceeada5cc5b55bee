import { describe, expect, it } from '@jest/globals';
import { contentTerms, lexicalScores } from '../lexical/lexical-scores.js';
import { isPlaceConcept, rewriteEnglishPhrases } from './shop-concepts.js';

const shared = (a: string, b: string) => {
  const right = contentTerms(b);
  return [...contentTerms(a)].filter((term) => right.has(term));
};

describe('shop concepts', () => {
  it.each([
    ['ship / delivery', 'Do you ship to Kuwait?', 'Delivery to Kuwait takes 3 days.', '~deliver'],
    [
      'shipped / delivered',
      'It was shipped yesterday',
      'Orders are delivered by courier',
      '~deliver',
    ],
    [
      'send back / return',
      'Can I send it back?',
      'Items can be returned within 14 days.',
      '~return',
    ],
    ['money back / refund', 'When do I get my money back?', 'Refunds take 5 days.', '~refund'],
    ['cost / fee', 'What does express cost?', 'The express fee is 35 SAR.', '~price'],
    ['charge / price', 'Is there a charge?', 'Prices include VAT.', '~price'],
    ['swap / exchange', 'Can I swap the size?', 'Exchanges are free.', '~exchange'],
    ['bigger / size', 'I need a bigger one', 'Exchange for another size.', '~size'],
    ['dress / item', 'Can I return a dress?', 'Items can be returned.', '~item'],
    ['English / Arabic delivery', 'delivery fee', 'رسوم التوصيل', '~deliver'],
    ['English / Arabic refund', 'refund', 'المبلغ المسترد', '~refund'],
    ['Arabic with a glued preposition', 'لإرجاع', 'إرجاع المنتج', '~return'],
    ['Arabic receipt / delivery', 'من تاريخ الاستلام', 'التوصيل', '~deliver'],
    ['store credit, across languages', 'Can I get store credit?', 'رصيد المتجر', '~credit'],
    ['a missing item, across languages', 'one item is missing', 'قطعة ناقصة', '~missing'],
    ['a loyalty tier, across languages', 'the gold tier', 'المستوى الذهبي', '~tier'],
    ['rewards / loyalty', 'برنامج المكافآت', 'our loyalty programme', '~reward'],
    ['washing, across languages', 'Can I wash it?', 'اغسلها يدوياً بماء بارد', '~wash'],
    ['repairing, across languages', 'Can you repair embroidery?', 'نصلحها مجاناً', '~repair'],
    ['a colour, across languages', 'another colour', 'لون آخر', '~colour'],
    ['a Gulf garment / item', 'my dishdasha', 'Items can be returned', '~item'],
    ['shortening / alterations', 'Can you shorten it?', 'Free hemming on abayas', '~alteration'],
    ['returning, as the stop-word list would drop it', 'لو رجعت الفستان', 'إرجاع', '~return'],
    [
      'a swimsuit / swimwear',
      'can I return a swimsuit?',
      'Swimwear cannot be returned',
      '~swimwear',
    ],
    ['instalments, as a verb too', 'أقدر أدفع بالتقسيط؟', 'تقسّم تمارا قيمة الطلب', '~instalment'],
    ['a hole / damage', 'my dress came with a hole in it', 'Report damaged items', '~damaged'],
  ])('%s are one concept', (_what, a, b, concept) => {
    expect(shared(a, b)).toContain(concept);
  });

  it('keeps what policies single out apart from "item"', () => {
    for (const word of ['earrings', 'swimwear', 'underwear', 'perfume'])
      expect(contentTerms(word).has('~item')).toBe(false);
  });

  it('rewrites the phrases that mean one word', () => {
    expect(rewriteEnglishPhrases('Can I send the dress back?')).toBe('Can I return?');
    expect(rewriteEnglishPhrases('how do I get my money back')).toBe('how do I get my refund');
  });

  it('reads return shipping as returning, not as delivering an order', () => {
    const terms = contentTerms('A return shipping charge of 4 KWD is deducted from your refund.');
    expect(terms).toContain('~return');
    expect(terms).not.toContain('~deliver');
    expect(contentTerms('The original delivery charge is not refunded.')).toContain('~deliver');
  });

  it('lets a shipping question score the delivery chunk over an unrelated one', () => {
    const [delivery, care] = lexicalScores('How long does shipping to Muscat take?', [
      'Delivery to Muscat takes 3 to 4 working days.',
      'Store silk away from perfume.',
    ]);
    expect(delivery).toBe(1);
    expect(care).toBe(0);
  });
});

describe('Gulf names and payment brands', () => {
  it.each([
    ['a country', 'Do you ship to Kuwait?', 'التوصيل داخل الكويت خلال يومين', '~kuwait'],
    ['a city', 'هل لديكم فرع في الدوحة؟', 'Our Doha store is in Place Vendôme.', '~doha'],
    ['a card brand', 'هل تقبلون أمريكان إكسبريس؟', 'We accept Visa and American Express.', '~amex'],
    ['a wallet', 'Can I pay with Apple Pay?', 'نقبل الدفع عبر آبل باي', '~applepay'],
    ['a debit network', 'كم يوم ياخذ الاسترداد لبطاقة مدى؟', 'mada refunds take 5 days', '~mada'],
    ['instalments', 'Can I pay in instalments?', 'يمكنك الدفع بالتقسيط عبر تابي', '~instalment'],
  ])('%s is one term in both languages', (_, a, b, concept) => {
    expect(shared(a, b)).toContain(concept);
  });

  it('tells the places apart from the other names', () => {
    for (const place of ['Muscat', 'الكويت', 'UAE', 'الخليج'])
      expect([...contentTerms(place)].every(isPlaceConcept)).toBe(true);
    for (const other of ['Tabby', 'مدى', 'branches', 'instalments'])
      expect([...contentTerms(other)].some(isPlaceConcept)).toBe(false);
  });

  it('reads cash on delivery as paying cash, not as delivery, in both languages', () => {
    expect(contentTerms('Is cash on delivery available?')).toEqual(
      new Set(['~cash', '~pay', 'avail']),
    );
    expect([...contentTerms('هل يتوفر الدفع عند الاستلام؟')]).toEqual(
      expect.arrayContaining(['~cash', '~pay']),
    );
    expect(contentTerms('هل يتوفر الدفع عند الاستلام؟')).not.toContain('~deliver');
  });
});

describe('redeeming points', () => {
  it('is spending them, not exchanging an item, in both languages', () => {
    expect(contentTerms('استبدال النقاط: كل 200 نقطة تساوي 10 دراهم')).not.toContain('~exchange');
    expect(contentTerms('ابي استبدل نقاطي')).toContain('~redeem');
    expect(contentTerms('How do I redeem my points?')).toContain('~redeem');
    expect(contentTerms('ابي استبدل الفستان بمقاس اكبر')).toContain('~exchange');
  });
});

describe('chat shorthand', () => {
  it('reads "u", "ur" and "whats" as the words they stand for', () => {
    expect(contentTerms('do u deliver on fridays')).toEqual(
      contentTerms('Do you deliver on Fridays?'),
    );
    expect(rewriteEnglishPhrases('whats ur return window')).toBe('what is your return window');
  });
});

describe('leaving the warehouse', () => {
  it('is dispatching, in both languages', () => {
    expect(contentTerms('Orders placed before noon leave the warehouse the same day.')).toContain(
      '~deliver',
    );
    expect(contentTerms('تغادر الطلبات المستودع في اليوم نفسه')).toContain('~deliver');
    expect(contentTerms('خرجت من البيت')).not.toContain('~deliver');
  });
});

describe('phrases of the trade', () => {
  it('reads paying the courier as paying cash on delivery, in both languages', () => {
    for (const question of [
      'Is there a fee if I pay cash when the courier comes?',
      'can I pay the driver?',
      'Can I pay on arrival?',
      'دفعت كاش للمندوب',
    ])
      expect([...contentTerms(question)]).toEqual(expect.arrayContaining(['~cash', '~pay']));
  });

  it('reads the delivery address as an address, not as delivering', () => {
    expect(contentTerms('Can I change my delivery address?')).toEqual(
      new Set(['~change', '~address']),
    );
    const arabic = contentTerms('يمكنك تعديل عنوان التوصيل');
    expect(arabic).toContain('~address');
    expect(arabic).not.toContain('~deliver');
  });

  it('reads "without charge" as free, in both languages', () => {
    expect(contentTerms('Can you shorten it without charge?')).toContain('~free');
    expect(contentTerms('نقصرها بدون رسوم')).toContain('~free');
    expect(contentTerms('There is no extra fee')).toContain('~free');
  });

  it('reads "today" as same-day delivery and "tomorrow" as next-day, in both languages', () => {
    for (const text of [
      'Can it arrive today?',
      'Same-day delivery in Muscat',
      'التوصيل بنفس اليوم',
    ])
      expect(contentTerms(text)).toContain('~sameday');
    for (const text of [
      'Will it come tomorrow?',
      'next working day',
      'في اليوم التالي',
      'يوصل غداً',
    ])
      expect(contentTerms(text)).toContain('~nextday');
  });

  it('reads "تعديل" as changing and "تعديلات" as alterations', () => {
    expect(contentTerms('أبي أعدل طلبي')).toContain('~change');
    expect(contentTerms('يمكنك تعديل المقاس')).toContain('~change');
    expect(contentTerms('كم يوم تاخذ تعديلات الخياطة؟')).toEqual(new Set(['~day', '~alteration']));
  });
});

describe('Gulf names and chat', () => {
  it('reads the currencies as prices write them, in both languages', () => {
    expect(contentTerms('Fee: 1.500 BHD')).toContain('~dinar');
    expect(contentTerms('الرسوم 1.500 د.ب')).toContain('~dinar');
    expect(contentTerms('3 ر.ع.')).toContain('~riyal');
    expect(contentTerms('20 د.إ')).toContain('~dirham');
  });

  it('knows the days of the week and the tiers in both languages', () => {
    expect(shared('open on fridays?', 'يوم الجمعة من 4 عصراً')).toEqual(['~friday']);
    expect(shared('diamond member', 'الفئة الماسية')).toContain('~diamond');
  });

  it('knows BenefitPay and STC Pay, however they are written', () => {
    for (const text of ['BenefitPay', 'benefit pay', 'بينفت باي', 'بنفت'])
      expect(contentTerms(text)).toContain('~benefitpay');
    expect(shared('STC Pay', 'اس تي سي باي')).toContain('~stcpay');
  });

  it('drops greetings, fillers and the Arabic function words typed in Latin letters', () => {
    expect(contentTerms('hey, ana fi Jeddah pls')).toEqual(new Set(['~jeddah']));
  });

  it('reads the most an order may be as the maximum, in Arabic too', () => {
    expect(shared('What is the maximum for cash on delivery?', 'وكم اكثر مبلغ للطلب؟')).toContain(
      '~maximum',
    );
  });

  it('reads paying for something as what it costs, and paying with something as paying', () => {
    for (const question of [
      'Do I pay for the return shipping?',
      'who pays for the courier?',
      'Is the exchange at my own expense?',
      'مين يدفع الشحن؟',
      'الإرجاع على حسابي؟',
    ]) {
      expect(contentTerms(question).has('~price')).toBe(true);
      expect(contentTerms(question).has('~pay')).toBe(false);
    }
    expect(contentTerms('Can I pay for it with Apple Pay?').has('~pay')).toBe(true);
  });

  it('reads storing a garment as keeping it, and a store as a shop', () => {
    expect(contentTerms('Store them folded in tissue paper.').has('~store')).toBe(false);
    expect(contentTerms('How should I store my beaded dress?').has('~keep')).toBe(true);
    expect(contentTerms('do you have a store in Riyadh?').has('~store')).toBe(true);
  });

  it('reads a place name under a glued preposition as the place', () => {
    expect(contentTerms('كم يوم التوصيل لجدة؟').has('~jeddah')).toBe(true);
    expect(contentTerms('الشحن بدبي').has('~dubai')).toBe(true);
    expect(contentTerms('لعمل').has('~oman')).toBe(false);
  });

  it('reads receiving a return as the courier picking it up, not as a delivery', () => {
    const terms = contentTerms('تُخصم رسوم استلام المرتجع من المبلغ المسترد');
    expect(terms.has('~collect')).toBe(true);
    expect(terms.has('~deliver')).toBe(false);
  });

  it('does not read the word "boutique" in a shop\'s name as a store', () => {
    expect(contentTerms('every Sanaa Boutique order').has('~store')).toBe(false);
  });
});
