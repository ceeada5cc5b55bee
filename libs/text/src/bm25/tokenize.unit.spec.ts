import { describe, expect, it } from '@jest/globals';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('lowercases and splits on everything but letters, digits and underscore', () => {
    expect(tokenize("Hello, World! It's 3.5kg (size_M) — ok?")).toEqual([
      'hello',
      'world',
      'it',
      's',
      '3',
      '5kg',
      'size_m',
      'ok',
    ]);
  });

  it('splits on Arabic punctuation', () => {
    expect(tokenize('نعم،لا؛لماذا؟')).toEqual(['نعم', 'لا', 'لماذا']);
  });

  // fastembed's test_combining_marks_do_not_split_words.
  it('keeps combining marks inside the word', () => {
    expect(tokenize('தமிழ் மொழி, हिन्दी भाषा! ذَهَبَ الطَّالِبُ')).toEqual([
      'தமிழ்',
      'மொழி',
      'हिन्दी',
      'भाषा',
      'ذَهَبَ',
      'الطَّالِبُ',
    ]);
    expect(tokenize('cafe\u0301')).toEqual(['cafe\u0301']);
  });

  it('lowercases each token as fastembed does, after the punctuation is gone', () => {
    // Σ before an apostrophe is word-final once the apostrophe is a space: ς, not σ.
    expect(tokenize("ΣΟΦΟΣ'S")).toEqual(['σοφος', 's']);
    expect(tokenize('İstanbul')).toEqual(['i\u0307stanbul']);
  });

  it('returns no token for text without words', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' ?! … ')).toEqual([]);
  });
});
