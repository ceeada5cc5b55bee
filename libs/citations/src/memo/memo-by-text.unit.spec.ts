import { describe, expect, it } from '@jest/globals';
import { memoByText } from './memo-by-text.js';

describe('memoByText', () => {
  it('analyses a text once and hands back the same value', () => {
    let calls = 0;
    const words = memoByText((text) => {
      calls += 1;
      return text.split(' ');
    });
    const first = words('free returns within 21 days');
    expect(words('free returns within 21 days')).toBe(first);
    expect(calls).toBe(1);
  });

  it('starts over when full, and still answers right', () => {
    let calls = 0;
    const length = memoByText((text) => {
      calls += 1;
      return text.length;
    }, 2);
    expect([length('a'), length('bb'), length('ccc'), length('a')]).toEqual([1, 2, 3, 1]);
    expect(calls).toBe(4);
  });
});
