import { describe, expect, it } from '@jest/globals';
import { contentTerms, lexicalScores } from './lexical-scores.js';

describe('lexical answerability score', () => {
  const chunks = [
    'Returns for retail orders: you can return items within 21 days of delivery.',
    'Delivery to Riyadh takes one working day for orders placed before 1 pm.',
    'Refunds go back to the original card within 5 working days.',
  ];

  it('is high when a chunk covers the question and low for a plausible neighbour', () => {
    const [answerable] = lexicalScores('How many days do I have to return items?', chunks);
    const [neighbour] = lexicalScores('Can I return a wholesale order?', chunks);
    expect(answerable).toBeGreaterThan(0.45);
    expect(neighbour).toBeLessThan(answerable! / 2);
  });

  it('weighs a query term no candidate contains the most', () => {
    // "wholesale" is in no chunk: ln(4/0.5) = 2.079; "return" in one: ln(4/1.5) = 0.981;
    // "order" (stem of orders) in two: ln(4/2.5) = 0.470. Chunk 1 covers return + order.
    const [first] = lexicalScores('return wholesale order', chunks);
    expect(first).toBeCloseTo((0.981 + 0.47) / (2.079 + 0.981 + 0.47), 2);
  });

  it('scores Arabic and mixed text through the matching analysis', () => {
    const arabic = [
      'يمكنك إرجاع المنتجات خلال 21 يوماً من التوصيل.',
      'التوصيل إلى الرياض خلال يوم عمل واحد.',
    ];
    const scores = lexicalScores('هل يمكنني إرجاع المنتج؟', arabic);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect([...contentTerms('ممكن أرجع الـ dress؟')].sort()).toEqual(['~item', '~return']);
  });

  it('is zero for an empty query or no texts', () => {
    expect(lexicalScores('the and of', chunks)).toEqual([0, 0, 0]);
    expect(lexicalScores('return', [])).toEqual([]);
  });

  it('reads "methods", "options" and "طرق" as the shape of a question, not its subject', () => {
    expect([...contentTerms('What payment methods do you have?')]).toEqual(['~pay']);
    expect([...contentTerms('وش طرق الدفع عندكم؟')]).toEqual(['~pay']);
  });
});
