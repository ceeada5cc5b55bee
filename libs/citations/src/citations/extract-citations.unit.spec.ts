import { describe, expect, it } from '@jest/globals';
import { extractCitations } from './extract-citations.js';

describe('extractCitations', () => {
  it.each([
    ['one marker', 'Returns within 21 days [retail-returns#2].', ['retail-returns#2']],
    [
      'a marker after the full stop',
      'Returns within 21 days. [retail-returns#2]',
      ['retail-returns#2'],
    ],
    [
      'several ids in one bracket, comma',
      'Free delivery [shipping#1, faq#3].',
      ['shipping#1', 'faq#3'],
    ],
    [
      'several ids in one bracket, spaces',
      'Free delivery [shipping#1 faq#3].',
      ['shipping#1', 'faq#3'],
    ],
    ['several ids, Arabic comma', 'التوصيل مجاني [shipping#1، faq#3].', ['shipping#1', 'faq#3']],
    ['several brackets', 'A [a#1] and B [b-2#10][c3#4].', ['a#1', 'b-2#10', 'c3#4']],
    ['spaces inside the bracket', 'Ok [ a#1 ].', ['a#1']],
    ['duplicates once, in order', 'X [b#2] y [a#1] z [b#2].', ['b#2', 'a#1']],
    [
      'Arabic-Indic chunk number folded',
      'الإرجاع خلال ٢١ يوماً [retail-returns#٢].',
      ['retail-returns#2'],
    ],
  ])('%s', (_case, sentence, expected) => {
    expect(extractCitations(sentence)).toEqual(expected);
  });

  it.each([
    ['no bracket', 'Returns are free.'],
    ['uppercase doc id', 'Returns are free [Retail-Returns#2].'],
    ['words in the bracket', 'Returns are free [see retail-returns#2].'],
    ['no chunk number', 'Returns are free [retail-returns].'],
    ['a hash without brackets', 'Returns are free retail-returns#2.'],
    ['an empty bracket', 'Returns are free [].'],
  ])('finds nothing in %s', (_case, sentence) => {
    expect(extractCitations(sentence)).toEqual([]);
  });
});
