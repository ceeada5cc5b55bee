import { describe, expect, it } from '@jest/globals';
import { canonicalCitations } from './canonical-citations.js';
import { extractCitations } from './extract-citations.js';

describe('canonicalCitations', () => {
  it.each([
    [
      'lenticular brackets',
      'Returns within 21 days 【returns#1】.',
      'Returns within 21 days [returns#1].',
    ],
    [
      'full-width brackets',
      'Returns within 21 days ［returns#1］.',
      'Returns within 21 days [returns#1].',
    ],
    [
      'full-width id',
      'Returns within 21 days ［returns＃１］.',
      'Returns within 21 days [returns#1].',
    ],
    ['an invisible character in the id', 'Returns [returns#\u200B1].', 'Returns [returns#1].'],
    ['Arabic-Indic chunk number', 'الإرجاع 【returns#٢】.', 'الإرجاع [returns#2].'],
    [
      'after the full stop',
      'Returns within 21 days. [returns#1] Refunds take 5 days. [refunds#2]',
      'Returns within 21 days [returns#1]. Refunds take 5 days [refunds#2].',
    ],
    [
      'after the full stop, then another',
      'Returns within 21 days. [returns#1].',
      'Returns within 21 days [returns#1].',
    ],
    [
      'after an Arabic question mark',
      'هل يمكن الإرجاع؟ 【returns#1】',
      'هل يمكن الإرجاع [returns#1]؟',
    ],
    ['two brackets on one sentence', 'Free delivery [a#1][b#2].', 'Free delivery [a#1, b#2].'],
    [
      'two brackets, spaced, one after the stop',
      'Free delivery [a#1]. [b#2]',
      'Free delivery [a#1, b#2].',
    ],
    ['the same id twice', 'Free delivery [a#1]【a#1】.', 'Free delivery [a#1].'],
    [
      'a line of markers alone',
      'Free delivery.\n[a#1]\nReturns [b#2].',
      'Free delivery [a#1].\nReturns [b#2].',
    ],
  ])('%s', (_case, draft, expected) => {
    expect(canonicalCitations(draft)).toBe(expected);
    expect(canonicalCitations(expected)).toBe(expected);
  });

  it.each([
    ['words in the bracket', 'Returns are free 【see returns#1】.'],
    ['round brackets', 'Returns are free (returns#1).'],
    ['mismatched brackets', 'Returns are free 【returns#1].'],
    ['a hash without brackets', 'Returns are free returns#1.'],
    ['uppercase doc id', 'Returns are free 【Returns#1】.'],
    ['double brackets', 'Returns are free {returns#1}.'],
  ])('leaves what is not a citation: %s', (_case, draft) => {
    expect(canonicalCitations(draft)).toBe(draft);
    expect(extractCitations(canonicalCitations(draft))).toEqual([]);
  });
});
