import { describe, expect, it } from '@jest/globals';
import { storableText, storableValue } from './storable.js';

describe('storableText', () => {
  it('replaces U+0000 and unpaired surrogates with U+FFFD, and nothing else', () => {
    expect(storableText('a\u0000b')).toBe('a\ufffdb');
    expect(storableText('\ud800')).toBe('\ufffd');
    expect(storableText('x\udc00y')).toBe('x\ufffdy');
    expect(storableText('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(storableText('\ud800\ud83d\ude00')).toBe('\ufffd\ud83d\ude00');
    expect(storableText('ends high \ud83d')).toBe('ends high \ufffd');
    const kept = 'bell \u0007 esc \u001b[31m del \u007f nel \u0085 ls \u2028 😀 مرحبا ﷽';
    expect(storableText(kept)).toBe(kept);
  });

  it('is idempotent', () => {
    const once = storableText('\u0000\ud800\udfff\udfff\ud800');
    expect(storableText(once)).toBe(once);
  });
});

describe('storableValue', () => {
  it('reaches every string of a JSON value, keys included, and keeps the rest', () => {
    const value = {
      text: 'a\u0000',
      n: 3,
      ok: true,
      none: null,
      list: ['\ud800', { 'k\u0000': ['fine', '\udc00'] }],
    };
    expect(storableValue(value)).toEqual({
      text: 'a\ufffd',
      n: 3,
      ok: true,
      none: null,
      list: ['\ufffd', { 'k\ufffd': ['fine', '\ufffd'] }],
    });
    expect(value.text).toBe('a\u0000');
  });

  it('returns the very same object when nothing needs replacing', () => {
    const value = { a: ['b', { c: 'd' }], e: 1 };
    expect(storableValue(value)).toBe(value);
  });
});
