import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from './normalize-for-checks.js';

describe('normalizeForChecks', () => {
  it.each([
    ['zero-width space', 'pass\u200Bword', 'password'],
    ['zero-width non-joiner and joiner', 'C\u200CV\u200DV', 'CVV'],
    ['BOM / zero-width no-break space', '\uFEFFcard', 'card'],
    ['soft hyphen', 'pass\u00ADword', 'password'],
    ['word joiner', 'O\u2060T\u2060P', 'OTP'],
    [
      'bidi marks and isolates',
      '\u200Fرقم\u200E \u2067البطاقة\u2069 \u202Ecvv\u202C',
      'رقم البطاقة cvv',
    ],
    ['Arabic letter mark', 'الرمز\u061C السري', 'الرمز السري'],
    ['tag characters', 'OT\u{E0041}P', 'OTP'],
    ['variation selector and grapheme joiner', 'pa\uFE0Fss\u034Fword', 'password'],
    [
      'Hangul filler (NFKC maps the half-width one to another filler)',
      'pass\uFFA0word\u3164',
      'password',
    ],
  ])('strips %s', (_what, input, expected) => {
    expect(normalizeForChecks(input)).toBe(expected);
  });

  it('applies NFKC: full-width letters, ligatures, Arabic presentation forms', () => {
    expect(normalizeForChecks('ＣＶＶ ﬁle')).toBe('CVV file');
    expect(normalizeForChecks('\uFEFB ﺍﻟﻜﺘﺎﺏ')).toBe('لا الكتاب');
  });

  it('composes a letter and a mark that an invisible character kept apart', () => {
    expect(normalizeForChecks('caf\u200Be\u0301')).toBe('caf\u00E9');
  });

  it('folds Arabic diacritics, tatweel, letter forms and digits but keeps ta marbuta', () => {
    expect(normalizeForChecks('الرَّمْـــز السِّرّي لبطاقتك خلال ١٤ يوماً')).toBe(
      'الرمز السري لبطاقتك خلال 14 يوما',
    );
    expect(normalizeForChecks('إرجاع المدرسة')).toBe('ارجاع المدرسة');
  });

  it('keeps case, punctuation and citation markers', () => {
    expect(normalizeForChecks('Returns are free [Returns-EN#1].')).toBe(
      'Returns are free [Returns-EN#1].',
    );
  });

  it('is idempotent', () => {
    const once = normalizeForChecks('\u200Bأَهْلاً ＯＴＰ pass\uFFA0word ﻷنها');
    expect(normalizeForChecks(once)).toBe(once);
  });
});
