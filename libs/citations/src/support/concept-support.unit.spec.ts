import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { chunkVocabulary, conceptSupport } from './concept-support.js';

const support = (sentence: string, chunk: string) =>
  conceptSupport(normalizeForChecks(sentence), [chunkVocabulary(normalizeForChecks(chunk))]);

describe('conceptSupport', () => {
  it('supports an Arabic answer from an English chunk through concepts', () => {
    const result = support(
      'يتم فحص المنتجات المرتجعة في مستودعنا في الرياض خلال 3 أيام عمل',
      'Returned items are inspected at our warehouse in Riyadh within 3 working days.',
    );
    expect(result.missing).toEqual([]);
    expect(result.share).toBe(1);
  });

  it('supports a word with a clitic the chunk does not write, and a dialect function word', () => {
    expect(support('لدينا فرع في جدة', 'لدينا فروع في الرياض وجدة.').share).toBe(1);
    expect(support('الفروع اللي في الرياض وجدة', 'لدينا فروع في الرياض وجدة.').share).toBe(1);
  });

  it('supports a Gulf passive by its standard form', () => {
    const chunk = 'نحتفظ بالطلب في الفرع 7 أيام، وبعدها يُلغى الطلب.';
    expect(support('بعدها ينلغي الطلب', chunk).missing).toEqual([]);
    expect(support('بعدها ينشحن الطلب', chunk).missing).toEqual(['ينشحن']);
  });

  it('still reports words of the chunk language that the chunk lacks', () => {
    const result = support(
      'Feel free to send back anything at any time',
      'You can return items within 21 days of the delivery date.',
    );
    expect(result.missing).toEqual(expect.arrayContaining(['Feel', 'free', 'any', 'time']));
    expect(result.share).toBeLessThan(0.75);
  });

  it('judges an untranslatable sentence on its words when they are most of it', () => {
    const result = support('الطقس جميل اليوم في المدينة', 'You can return items within 21 days.');
    expect(result.share).toBeLessThan(0.75);
  });
});
