import { describe, expect, it } from '@jest/globals';
import { stripCitations } from './strip-citations.js';

describe('stripCitations', () => {
  it.each([
    ['before the full stop', 'Returns within 21 days [a#1].', 'Returns within 21 days.'],
    [
      'after the full stop',
      'Returns within 21 days. [a#1] Refunds take 5 days.',
      'Returns within 21 days. Refunds take 5 days.',
    ],
    ['several in a row', 'Free delivery [a#1][b#2, c#3].', 'Free delivery.'],
    [
      'several with spaces',
      'Free delivery [a#1] [b#2]. Ok [c#1] [d#2] then.',
      'Free delivery. Ok then.',
    ],
    ['at the end', 'Free delivery [a#1]', 'Free delivery'],
    ['opening a line', 'Intro.\n[a#1] Free delivery.', 'Intro.\nFree delivery.'],
    ['Arabic', 'الإرجاع خلال ٢١ يوماً [retail-returns#2].', 'الإرجاع خلال ٢١ يوماً.'],
  ])('removes markers %s', (_case, input, expected) => {
    expect(stripCitations(input)).toBe(expected);
  });

  it('leaves brackets that are not citations', () => {
    expect(stripCitations('Sizes [S, M, L] and [see a#1].')).toBe('Sizes [S, M, L] and [see a#1].');
  });
});
