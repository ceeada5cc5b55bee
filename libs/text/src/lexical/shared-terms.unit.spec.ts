import { describe, expect, it } from '@jest/globals';
import { contentTerms } from './lexical-scores.js';
import { sharedTerms } from './shared-terms.js';

const shared = (question: string, sentence: string) =>
  [...sharedTerms(contentTerms(question), contentTerms(sentence))].sort();

describe('sharedTerms', () => {
  it('finds the question terms a sentence has as written', () => {
    expect(shared('Can I return swimwear?', 'Swimwear cannot be returned.')).toEqual(
      ['~return', '~swimwear'].sort(),
    );
  });

  it('finds another form of an Arabic word the sentence uses', () => {
    expect(shared('وش القيم المتوفرة لبطاقات الهدايا؟', 'تتوفر بطاقات هدايا بأربع قيم')).toEqual(
      ['~card', '~gift', 'قيم', 'متوفر'].sort(),
    );
    expect(
      shared('أقدر أستخدم البطاقة في فرع الدوحة؟', 'يمكن استخدامها في فرعي الكويت والدوحة'),
    ).toEqual(expect.arrayContaining(['استخدم', '~doha', '~store']));
  });

  it('does not stretch an English term', () => {
    expect(shared('Do you do wholesale?', 'We make whole outfits.')).toEqual([]);
  });
});
