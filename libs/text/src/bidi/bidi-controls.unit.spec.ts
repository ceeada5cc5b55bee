import { describe, expect, it } from '@jest/globals';
import { firstBidiControl, withVisibleBidiControls } from './bidi-controls.js';

describe('bidirectional controls', () => {
  it('finds embeddings, overrides and isolates, not the marks', () => {
    expect(firstBidiControl('refund order \u202e1001-DRO')).toEqual({
      index: 13,
      codePoint: 'U+202E',
    });
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(firstBidiControl(`a${c}b`)).not.toBeNull();
    expect(firstBidiControl('طلب رقم \u200f1001\u200e \u061c')).toBeNull();
  });

  it('writes each as its code point', () => {
    expect(withVisibleBidiControls('refund order \u202e1001-DRO\u202c')).toBe(
      'refund order [U+202E]1001-DRO[U+202C]',
    );
  });
});
