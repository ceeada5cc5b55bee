import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { lexicalSupport, MIN_SUPPORTED_SHARE } from './lexical-support.js';
import { supportTerms } from './support-terms.js';

const terms = (text: string) => [...supportTerms(normalizeForChecks(text)).keys()];
const support = (sentence: string, chunk: string) =>
  lexicalSupport(normalizeForChecks(sentence), [normalizeForChecks(chunk)]);

describe('supportTerms', () => {
  it('stems content words, drops stop words, citation markers, numbers and number words', () => {
    expect(terms('The items were returned within twenty-one days, 21 SAR [returns#2].')).toEqual([
      'item',
      'return',
      'within',
      'day',
    ]);
  });

  it('keeps negations (as one term) and quantifiers, which turn a claim around', () => {
    expect(terms("You can't return all items")).toEqual(['not', 'return', 'all', 'item']);
    expect(terms('Items cannot be returned')).toEqual(['item', 'not', 'return']);
    expect(terms('لا يمكن إرجاع أي منتج')).toContain('not');
    expect(terms('لا يمكن إرجاع أي منتج')).toContain('اي');
  });

  it('drops contracted pronouns and the connectives a chat model writes, not a contracted "not"', () => {
    expect(terms("They're on our list, since we'll take them back")).toEqual([
      'list',
      'take',
      'back',
    ]);
    expect(terms("Whether it's sold or not, I'm afraid it isn't returnable")).toEqual([
      'sold',
      'not',
      'afraid',
      'return',
    ]);
  });

  it('reads Arabic with or without diacritics and letter variants alike', () => {
    expect(terms('إرجاعُ المنتجاتِ')).toEqual(terms('ارجاع المنتجات'));
  });

  it('reads words with zero-width characters inside as the words they show', () => {
    expect(terms('re\u200Bfund in fu\u200Dll')).toEqual(terms('refund in full'));
  });
});

describe('lexicalSupport', () => {
  const chunk = 'You can return items within 21 days of the delivery date.';

  it('gives a sentence copied from the chunk a share of 1', () => {
    expect(support('You can return items within 21 days of the delivery date.', chunk)).toEqual({
      share: 1,
      missing: [],
    });
  });

  it('lists the words the chunk does not hold, as written', () => {
    const result = support('Return any items for a full refund at any time', chunk);
    expect(result.missing).toEqual(['any', 'full', 'refund', 'time']);
    expect(result.share).toBeLessThan(MIN_SUPPORTED_SHARE);
  });

  it('gives a sentence with no content word a share of 0', () => {
    expect(support('Yes, you can.', chunk)).toEqual({ share: 0, missing: ['Yes'] });
    expect(support('You can.', chunk)).toEqual({ share: 0, missing: [] });
  });
});
