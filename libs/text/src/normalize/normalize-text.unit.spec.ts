import { describe, expect, it } from '@jest/globals';
import { normalizeText } from './normalize-text.js';

describe('normalizeText', () => {
  it('lowercases Latin letters', () => {
    expect(normalizeText('Return The DRESS')).toBe('return the dress');
  });

  it('applies NFKC: full-width letters, ligatures, Arabic presentation forms', () => {
    expect(normalizeText('ＺＡＲＡ ﬁt')).toBe('zara fit');
    // ﻻ (U+FEFB, lam-alef ligature) and ﺍﻟﻜﺘﺎﺏ (isolated/initial/final forms).
    expect(normalizeText('\uFEFB ﺍﻟﻜﺘﺎﺏ')).toBe('لا الكتاب');
  });

  it('applies the Arabic folding after NFKC', () => {
    // ﻷ (U+FEF7) is lam + alef with hamza above; NFKC expands it, the folding drops the hamza.
    expect(normalizeText('\uFEF7نها المَدْرَسَةُ')).toBe('لانها المدرسه');
  });

  it('passes the ta marbuta option through', () => {
    expect(normalizeText('المدرسة', { keepTaMarbuta: true })).toBe('المدرسة');
  });
});
