import { describe, expect, it } from '@jest/globals';
import { applyGate, passesFloor } from './score-gate.js';

describe('answerability gate', () => {
  const floors = { rerank: 0.5, lexical: 0.3 };
  it('holds each scorer to its own floor', () => {
    expect(applyGate('cross_encoder', [0.2, 0.6], floors)).toEqual({
      kind: 'reranker',
      floor: 0.5,
      topScore: 0.6,
      passed: true,
    });
    expect(applyGate('cross_encoder', [0.45], floors)).toMatchObject({ passed: false });
    expect(applyGate('lexical', [0.45], floors)).toEqual({
      kind: 'lexical',
      floor: 0.3,
      topScore: 0.45,
      passed: true,
    });
    expect(applyGate('lexical', [], floors)).toEqual({
      kind: 'lexical',
      floor: 0.3,
      topScore: null,
      passed: false,
    });
  });

  it('admits a top score at the floor exactly, and never a missing one', () => {
    expect(passesFloor(0.4, 0.4)).toBe(true);
    expect(passesFloor(0.39, 0.4)).toBe(false);
    expect(passesFloor(null, 0)).toBe(false);
  });
});
