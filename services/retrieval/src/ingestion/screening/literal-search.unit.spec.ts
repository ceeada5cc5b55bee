import { describe, expect, it } from '@jest/globals';
import { LiteralSearch } from './literal-search.js';

describe('LiteralSearch', () => {
  it('finds literals that overlap or sit inside one another', () => {
    const search = new LiteralSearch([['he'], ['she'], ['his'], ['hers'], ['xyz']]);
    expect([...search.groupsIn('ushers')]).toEqual([1, 1, 0, 1, 0]);
    expect([...search.groupsIn('this')]).toEqual([0, 0, 1, 0, 0]);
    expect([...search.groupsIn('')]).toEqual([0, 0, 0, 0, 0]);
  });

  it('marks a group when any of its literals occurs', () => {
    const search = new LiteralSearch([['card number', 'cvv'], ['رقم البطاقة'], []]);
    expect([...search.groupsIn('send your cvv here')]).toEqual([1, 0, 0]);
    expect([...search.groupsIn('ارسل رقم البطاقة')]).toEqual([0, 1, 0]);
  });

  it('refuses an empty literal', () => {
    expect(() => new LiteralSearch([['']])).toThrow(RangeError);
  });

  it('agrees with String.includes on random literals and texts', () => {
    let state = 7;
    const next = (n: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % n;
    };
    const CHARS = ['a', 'b', 'a', 'c', ' ', 'ب', 'ة', '😀', 'z'];
    const word = (max: number) =>
      Array.from({ length: 1 + next(max) }, () => CHARS[next(CHARS.length)]).join('');
    for (let n = 0; n < 200; n++) {
      const groups = Array.from({ length: 1 + next(8) }, () =>
        Array.from({ length: next(4) }, () => word(4)),
      );
      const search = new LiteralSearch(groups);
      for (let t = 0; t < 50; t++) {
        const text = word(20);
        const expected = groups.map((literals) => (literals.some((l) => text.includes(l)) ? 1 : 0));
        expect({ groups, text, found: [...search.groupsIn(text)] }).toEqual({
          groups,
          text,
          found: expected,
        });
      }
    }
  });
});
