import { describe, expect, it } from '@jest/globals';
import { describeEmbedderContract } from '../testing/embedder.contract.js';
import { cosineSimilarity } from './embedder.js';
import { HashingEmbedder, hashingVector } from './hashing-embedder.js';
import { normalizeEmbeddingText } from './normalize-embedding-text.js';

describeEmbedderContract('HashingEmbedder', { setup: () => new HashingEmbedder() });
describeEmbedderContract('HashingEmbedder (64 dimensions)', {
  setup: () => new HashingEmbedder({ dimensions: 64 }),
});

const similarity = (a: string, b: string) => cosineSimilarity(hashingVector(a), hashingVector(b));

describe('HashingEmbedder', () => {
  it('is 1024-dimensional by default and names its space', () => {
    const embedder = new HashingEmbedder();
    expect(embedder.dimensions).toBe(1024);
    expect(embedder.id).toBe('hashing-v1:1024');
    expect(new HashingEmbedder({ dimensions: 8 }).id).toBe('hashing-v1:8');
  });

  it('rejects a non-positive dimension count', () => {
    expect(() => new HashingEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });

  it.each([
    [
      'How do I return a dress I bought?',
      'What is the returns policy for dresses?',
      'Where is my delivery tracking number?',
    ],
    ['When will my order arrive?', 'Orders arrive within 3 to 5 days', 'You can pay by card'],
    ['size guide for jeans', 'Find your jeans size in our sizing guide', 'Gift cards never expire'],
    ['كيف أرجع الفستان؟', 'ما هي سياسة إرجاع الفساتين', 'متى يصل طلبي إلى الرياض'],
    ['متى يصل طلبي؟', 'يصل الطلب خلال ثلاثة أيام', 'يمكنك الدفع بالبطاقة'],
    ['هل يمكنني الدفع عند الاستلام', 'الدفع عند الاستلام متاح', 'الإرجاع خلال ١٤ يوما'],
  ])('scores "%s" nearer a paraphrase sharing words or stems than unrelated text', (q, p, u) => {
    expect(similarity(q, p)).toBeGreaterThan(similarity(q, u) + 0.1);
  });

  it('ignores case, width, Arabic diacritics, tatweel and letter variants', () => {
    expect(similarity('RETURN Policy', 'return policy')).toBeCloseTo(1, 10);
    expect(similarity('ＲＥＴＵＲＮ', 'return')).toBeCloseTo(1, 10);
    expect(similarity('مَدْرَسَة', 'مدرسه')).toBeCloseTo(1, 10);
    expect(similarity('إرجـــاع', 'ارجاع')).toBeCloseTo(1, 10);
    expect(similarity('مستشفى', 'مستشفي')).toBeCloseTo(1, 10);
    expect(similarity('طلب ١٢٣', 'طلب 123')).toBeCloseTo(1, 10);
  });

  it('counts a repeated word with a log scale, not linearly', () => {
    const once = hashingVector('sale', 1024);
    const many = hashingVector('sale sale sale sale', 1024);
    expect(cosineSimilarity(once, many)).toBeGreaterThan(0.8);
  });
});

describe('normalizeEmbeddingText', () => {
  it('folds Arabic spelling variants', () => {
    expect(normalizeEmbeddingText('أإآ ى ة ـ َ ٠٩۵')).toBe('ااا ي ه   095');
  });
});
