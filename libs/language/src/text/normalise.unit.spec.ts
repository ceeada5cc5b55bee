import { describe, expect, it } from '@jest/globals';
import { isFunctionWord, withoutClitics } from './arabic-forms.js';
import { normalise } from './normalise.js';
import { stem } from './stem.js';
import { tokens } from './tokens.js';

describe('normalise, tokens, stem', () => {
  it('reads one spelling: lowercase, Arabic folded, invisible characters gone, dialect as MSA', () => {
    expect(normalise('Re\u200Bfund')).toBe('refund');
    expect(normalise('إرجاعُ المنتجاتِ')).toBe('ارجاع المنتجات');
    expect(normalise('الفروع اللي عندنا')).toBe('الفروع الذي لدينا');
  });

  it('keeps a contraction as one token, with its language', () => {
    expect(tokens("We don't ship 2 items إلى جدة")).toEqual([
      { word: 'we', language: 'en' },
      { word: "don't", language: 'en' },
      { word: 'ship', language: 'en' },
      { word: '2', language: 'number' },
      { word: 'items', language: 'en' },
      { word: 'الي', language: 'ar' },
      { word: 'جده', language: 'ar' },
    ]);
  });

  it('stems both languages, stop words too', () => {
    expect(stem('refunds')).toBe('refund');
    expect(stem('only')).toBe('onli');
    expect(stem('والبطاقات')).toBe(stem('بطاقة'.replace('ة', 'ه')));
  });

  it('reads an Arabic word without its clitics, and knows the auxiliaries', () => {
    expect(withoutClitics('وجده')).toEqual(['وجده', 'جده']);
    expect(withoutClitics('وبالتوصيل')).toContain('بالتوصيل');
    expect(isFunctionWord('يتم')).toBe(true);
    expect(isFunctionWord('توصيل')).toBe(false);
  });
});

describe('tokens of numbers', () => {
  it('keeps a number with its separators one token, so its last digits are no number alone', () => {
    expect(tokens('Members get 29,100% off').map((t) => t.word)).toEqual([
      'members',
      'get',
      '29,100',
      'off',
    ]);
    expect(tokens('2.5 days, 3rd').map((t) => [t.word, t.language])).toEqual([
      ['2.5', 'number'],
      ['days', 'en'],
      ['3rd', 'en'],
    ]);
  });
});
