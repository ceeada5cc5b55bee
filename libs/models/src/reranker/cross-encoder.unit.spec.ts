import { describe, expect, it } from '@jest/globals';
import { RerankerResponseInvalid } from '../errors.js';
import { normalizeScores, sigmoid } from './cross-encoder.js';
import { scoresInInputOrder } from './tei-cross-encoder.js';

describe('normalizeScores', () => {
  it('keeps scores that are already in [0, 1]', () => {
    expect(normalizeScores([0, 0.25, 1])).toEqual([0, 0.25, 1]);
  });

  it('treats the whole list as logits when any score is outside [0, 1]', () => {
    expect(normalizeScores([-2, 0.5, 3])).toEqual([sigmoid(-2), sigmoid(0.5), sigmoid(3)]);
    expect(normalizeScores([1.5])).toEqual([sigmoid(1.5)]);
  });

  it('keeps the order of the scores', () => {
    const scores = normalizeScores([4, -1, 2]);
    expect(scores[0]).toBeGreaterThan(scores[2]!);
    expect(scores[2]).toBeGreaterThan(scores[1]!);
  });
});

describe('scoresInInputOrder', () => {
  it('places each score at its index', () => {
    const response = [
      { index: 2, score: 0.9 },
      { index: 0, score: 0.5 },
      { index: 1, score: 0.1, text: null },
    ];
    expect(scoresInInputOrder(response, 3)).toEqual([0.5, 0.1, 0.9]);
  });

  it.each([
    ['not an array', { results: [] }, 1],
    ['too few entries', [{ index: 0, score: 1 }], 2],
    [
      'too many entries',
      [
        { index: 0, score: 1 },
        { index: 1, score: 1 },
      ],
      1,
    ],
    ['a fractional index', [{ index: 0.5, score: 1 }], 1],
    ['an index out of range', [{ index: 1, score: 1 }], 1],
    ['a negative index', [{ index: -1, score: 1 }], 1],
    ['a string index', [{ index: '0', score: 1 }], 1],
    [
      'a duplicate index',
      [
        { index: 0, score: 1 },
        { index: 0, score: 1 },
      ],
      2,
    ],
    ['a missing score', [{ index: 0 }], 1],
    ['a NaN score', [{ index: 0, score: Number.NaN }], 1],
    ['a null entry', [null], 1],
  ])('rejects %s', (_, response, expected) => {
    expect(() => scoresInInputOrder(response, expected)).toThrow(RerankerResponseInvalid);
  });
});
