import { describe, expect, it } from '@jest/globals';
import { ARABIC_MIN_SHARE, detectLanguage, ENGLISH_MAX_ARABIC_SHARE } from './detect-language.js';

describe('detectLanguage', () => {
  it('keeps the documented thresholds', () => {
    expect(ARABIC_MIN_SHARE).toBe(0.8);
    expect(ENGLISH_MAX_ARABIC_SHARE).toBe(0.1);
  });

  it.each([
    'What is your return policy?',
    'Where is my order #A-1042? I paid 350 AED.',
    'café crème',
  ])('pure English: %s', (text) => {
    expect(detectLanguage(text)).toBe('en');
  });

  it.each(['ما هي سياسة الاسترجاع؟', 'كِتَابٌ مُفِيدٌ جِدًّا', 'متى يوصل طلبي رقم ١٢٣٤٥؟'])(
    'pure Arabic: %s',
    (text) => {
      expect(detectLanguage(text)).toBe('ar');
    },
  );

  it.each([
    // 20 Latin letters, 5 Arabic: share 0.2.
    'Can I return the فستان I bought?',
    'ابغى ارجع جزمة Nike Air Max',
    // 53 Latin letters and one Arabic word: share 0.086, yet the Arabic word needs sparse_ar.
    'I would like to exchange the dress I ordered online last week, the فستان',
  ])('mixed: %s', (text) => {
    expect(detectLanguage(text)).toBe('mixed');
  });

  it.each([
    // Gulf: 26 Arabic letters, 4 Latin: share 0.87.
    'ابي ارجع الشنطة اللي اشتريتها من Zara',
    // Levantine: share 0.9.
    'شو سياسة الاسترجاع في H&M',
  ])('dialect Arabic with an English brand name stays Arabic: %s', (text) => {
    expect(detectLanguage(text)).toBe('ar');
  });

  it.each(['', '   ', '12345', '٠١٢٣٤', '+971 50 123 4567', '?!', '你好'])(
    'no Arabic or Latin letter: %j is English',
    (text) => {
      expect(detectLanguage(text)).toBe('en');
    },
  );

  it('a stray Arabic letter is not a word', () => {
    expect(detectLanguage('Size M و L available in black and white')).toBe('en');
  });

  it('diacritics and tatweel do not split an Arabic word', () => {
    // One Arabic letter (with a tatweel) is not a word; with the tatweel dropped, فستان is one.
    expect(detectLanguage('Please check the availability of this item: فـ')).toBe('en');
    expect(detectLanguage('Please check the availability of this item: فـستان')).toBe('mixed');
  });
});
