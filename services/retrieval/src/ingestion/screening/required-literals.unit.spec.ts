import { describe, expect, it } from '@jest/globals';
import { ARABIC_RULES } from './arabic-rules.js';
import { ENGLISH_RULES } from './english-rules.js';
import { requiredLiterals } from './required-literals.js';

const sorted = (literals: string[] | null) => literals && [...literals].sort();

describe('requiredLiterals', () => {
  it.each<[RegExp, string[] | null]>([
    [/card number/u, ['card number']],
    [/a(?:b|c)d/u, ['abd', 'acd']],
    [/\bpin\b/u, ['pin']],
    [/cards?/u, ['card', 'cards']],
    [/(?<!gift )card/u, ['card']], // lookarounds are zero-width
    [/^(?:dear|hey) bot/u, ['dear bot', 'hey bot']],
    // Of two requirements, the one whose shortest literal is longer.
    [/(?:send|share)\b[^.!?\n]{0,60}?(?:cvv|pin code)/u, ['send', 'share']],
    [/x+yz/u, ['yz']],
    [/(?:ab)+/u, ['ab']],
    [/[ةه]ل/u, ['ةل', 'هل']],
  ])('%s requires one of %j', (pattern, expected) => {
    expect(sorted(requiredLiterals(pattern))).toEqual(sorted(expected));
  });

  it.each([/x*/u, /a?/u, /(?:a|)/u, /\p{L}+/u, /./u, /[a-z]{3}/u, /(?:a|\d)/u, /card/iu])(
    'requires nothing of %s (the rule then runs on every text)',
    (pattern) => {
      expect(requiredLiterals(pattern)).toBeNull();
    },
  );

  it('reads every planted-instruction rule', () => {
    for (const { pattern } of [...ENGLISH_RULES, ...ARABIC_RULES])
      expect({ pattern: pattern.source, literals: requiredLiterals(pattern) }).toEqual({
        pattern: pattern.source,
        literals: expect.arrayContaining([expect.any(String)]),
      });
  });

  // Soundness, on random patterns: every match contains one of the literals.
  it('never requires a literal that a match lacks', () => {
    let state = 15;
    const next = (n: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % n;
    };
    const pick = <T>(items: readonly T[]): T => items[next(items.length)]!;
    const CHARS = ['a', 'b', 'c', ' ', 'ب', 'ة', '😀'];
    const ATOMS = [
      'a',
      'b',
      'c',
      ' ',
      'ب',
      'ة',
      '😀',
      '[ab]',
      '[^a]',
      '.',
      '\\p{L}',
      '\\s',
      '[ةه]',
    ];
    const ZERO_WIDTH = ['\\b', '^', '$', '(?=a)', '(?<!b)', '(?<=[ac])'];
    const QUANTIFIERS = ['', '', '', '?', '*', '+', '{0,2}', '{1,3}', '{2}', '+?', '??'];
    const expression = (depth: number): string =>
      Array.from({ length: 1 + next(3) }, () => sequence(depth)).join('|');
    const sequence = (depth: number): string =>
      Array.from({ length: 1 + next(4) }, () => {
        const roll = next(10);
        if (roll < 1) return pick(ZERO_WIDTH);
        const atom = roll < 3 && depth > 0 ? `(?:${expression(depth - 1)})` : pick(ATOMS);
        return atom + pick(QUANTIFIERS);
      }).join('');

    let checkedMatches = 0;
    for (let n = 0; n < 1000; n++) {
      const pattern = new RegExp(expression(2), 'gu');
      const literals = requiredLiterals(pattern);
      if (literals === null) continue;
      for (let t = 0; t < 20; t++) {
        const text = Array.from({ length: next(12) }, () => pick(CHARS)).join('');
        for (const match of text.matchAll(pattern)) {
          checkedMatches += 1;
          const held = literals.some((literal) => match[0].includes(literal));
          if (!held) expect({ pattern: pattern.source, text, match: match[0], literals }).toBe('');
        }
      }
    }
    expect(checkedMatches).toBeGreaterThan(2000);
  });
});
