import { describe, expect, it } from '@jest/globals';
import { reciprocalRankFusion } from './rrf.js';

const hit = (id: string) => ({ chunkId: id, docId: id.split('#')[0]! });

describe('reciprocal rank fusion', () => {
  it('matches a fusion computed by hand (k = 60)', () => {
    const fused = reciprocalRankFusion(
      [
        { leg: 'dense', hits: [hit('a#1'), hit('b#1'), hit('c#1')] },
        { leg: 'sparse_en', hits: [hit('b#1'), hit('d#1')] },
      ],
      60,
    );
    // b: 1/62 + 1/61 = 0.032522; a: 1/61 = 0.016393; c: 1/63 = 0.015873; d: 1/62 = 0.016129
    expect(fused.map((f) => [f.hit.chunkId, Number(f.rrfScore.toFixed(6))])).toEqual([
      ['b#1', 0.032522],
      ['a#1', 0.016393],
      ['d#1', 0.016129],
      ['c#1', 0.015873],
    ]);
    expect(fused[0]!.ranks).toEqual({ dense: 2, sparse_en: 1 });
  });

  it('breaks ties by chunk id and ignores no legs', () => {
    const fused = reciprocalRankFusion(
      [
        { leg: 'dense', hits: [hit('z#1')] },
        { leg: 'sparse_ar', hits: [hit('y#1')] },
      ],
      60,
    );
    expect(fused.map((f) => f.hit.chunkId)).toEqual(['y#1', 'z#1']);
    expect(reciprocalRankFusion([], 60)).toEqual([]);
  });
});
