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
