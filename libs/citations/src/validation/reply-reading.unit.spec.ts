import { describe, expect, it } from '@jest/globals';
import { asksToRephrase, validateReply } from './validate-reply.js';

// How the check reads a draft before it judges its facts: the citation forms it accepts, the lines
// that state nothing, and the characters that would make the page show other text than it read.
const chunks = [
  { chunkId: 'returns#1', text: 'Items can be returned within 21 days of delivery.' },
  { chunkId: 'refunds#2', text: 'Refunds reach the original payment method within 7 days.' },
  { chunkId: 'ar-returns#1', text: 'يمكن إرجاع المنتجات خلال ٢١ يوماً من الاستلام.' },
];
const problems = (draft: string) => validateReply(draft, chunks).sentences.map((s) => s.problem);
const passes = (draft: string) => validateReply(draft, chunks).passed;

describe('citation forms', () => {
  it.each([
    ['[id] before the stop', 'Items can be returned within 21 days of delivery [returns#1].'],
    ['[id] after the stop', 'Items can be returned within 21 days of delivery. [returns#1]'],
    ['【id】', 'Items can be returned within 21 days of delivery【returns#1】.'],
    ['【id】 after the stop', 'Items can be returned within 21 days of delivery. 【returns#1】'],
    ['［id］', 'Items can be returned within 21 days of delivery ［returns#1］.'],
    ['two brackets', 'Items can be returned within 21 days of delivery [returns#1][refunds#2].'],
    [
      'two ids in one bracket',
      'Items can be returned within 21 days of delivery [returns#1, refunds#2].',
    ],
    ['Arabic, 【id】', 'يمكن إرجاع المنتجات خلال ٢١ يوماً من الاستلام【ar-returns#1】.'],
  ])('reads %s', (_case, draft) => {
    expect(problems(draft)).toEqual([undefined]);
  });

  it.each([
    ['round brackets', 'Items can be returned within 21 days of delivery (returns#1).'],
    [
      'words in the bracket',
      'Items can be returned within 21 days of delivery 【source: returns#1】.',
    ],
    ['a bare id', 'Items can be returned within 21 days of delivery returns#1.'],
    ['mismatched brackets', 'Items can be returned within 21 days of delivery 【returns#1].'],
  ])('counts nothing else: %s', (_case, draft) => {
    expect(problems(draft)).toEqual(['missing_citation']);
  });

  it('gives a citation after the stop to the sentence before it, as the page shows it', () => {
    const verdict = validateReply(
      'Items can be returned within 21 days of delivery. 【returns#1】 Refunds are instant.',
      chunks,
    );
    expect(verdict.sentences.map((s) => [s.text, s.problem])).toEqual([
      ['Items can be returned within 21 days of delivery [returns#1].', undefined],
      // Uncited, it is checked against its line's citation, which does not say it.
      ['Refunds are instant.', 'unsupported_words: Refunds, instant'],
    ]);
  });
});

describe('lines that state nothing', () => {
  it.each([
    [
      '"Sure!" before a cited answer',
      'Sure! Items can be returned within 21 days of delivery [returns#1].',
    ],
    [
      'a lead-in before a cited list',
      'Here is our return policy:\n- Items can be returned within 21 days of delivery [returns#1].\n- Refunds reach the original payment method within 7 days [refunds#2].',
    ],
    [
      'an English closing',
      'Items can be returned within 21 days of delivery [returns#1]. Let me know if you have any other questions!',
    ],
    [
      'an Arabic closing',
      'يمكن إرجاع المنتجات خلال ٢١ يوماً من الاستلام [ar-returns#1]. هل تحتاج أي مساعدة أخرى؟',
    ],
    [
      'an Arabic lead-in',
      'إليك سياسة الإرجاع لدينا:\nيمكن إرجاع المنتجات خلال ٢١ يوماً من الاستلام [ar-returns#1].',
    ],
  ])('passes %s', (_case, draft) => {
    expect(problems(draft).every((p) => p === undefined)).toBe(true);
    expect(passes(draft)).toBe(true);
  });

  it('fails a "Sure!" or a lead-in with no cited sentence beside it', () => {
    expect(problems('Sure!')).toEqual(['answer_needed']);
    expect(problems('Here is our return policy:\nThank you!')).toEqual([
      'answer_needed',
      undefined,
    ]);
    expect(problems('بالتأكيد!')).toEqual(['answer_needed']);
  });

  it('never takes a line that states a number, a policy word or a promise', () => {
    expect(problems('Here is our return policy: all items within 90 days.')).toEqual([
      'missing_citation',
    ]);
    expect(problems('Sure, returns are free!')).toEqual(['missing_citation']);
    expect(problems('Let me know if you have any other questions within 90 days!')).toEqual([
      'missing_citation',
    ]);
  });

  it('knows a draft that asks the customer to rephrase', () => {
    expect(
      asksToRephrase(
        'Could you rephrase your question, or tell me a little more about what you need?',
      ),
    ).toBe(true);
    expect(asksToRephrase('Hi! هل يمكنك إعادة صياغة سؤالك؟')).toBe(true);
    expect(asksToRephrase('Items can be returned within 21 days of delivery [returns#1].')).toBe(
      false,
    );
    expect(asksToRephrase('Could you rephrase the returns policy for me?')).toBe(false);
  });
});

describe('characters that show other text than the check reads', () => {
  it.each([
    [
      'a right-to-left override',
      'Items can be returned within \u202E21\u202C days of delivery [returns#1].',
      'U+202E',
    ],
    [
      'an embedding',
      'Items can be returned within \u202B21\u202C days of delivery [returns#1].',
      'U+202B',
    ],
    [
      'an isolate',
      'Items can be returned within \u206721\u2069 days of delivery [returns#1].',
      'U+2067',
    ],
    [
      'a right-to-left mark inside a number',
      'Items can be returned within 2\u200F1 days of delivery [returns#1].',
      'U+200F',
    ],
    [
      'a left-to-right mark inside an Arabic number',
      'يمكن إرجاع المنتجات خلال ٢\u200E١ يوماً من الاستلام [ar-returns#1].',
      'U+200E',
    ],
  ])('fail a draft with %s', (_case, draft, control) => {
    const verdict = validateReply(draft, chunks);
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]!.problem).toBe(`bidi_control: ${control}`);
    // The verdict shows where it stood.
    expect(verdict.sentences[0]!.text).toContain(`[${control}]`);
  });

  it('fail a courtesy line with an override too', () => {
    expect(problems('\u202EHi!')).toEqual(['bidi_control: U+202E']);
  });

  it('leave a direction mark outside a number to the checks, which read through it', () => {
    expect(passes('يمكن إرجاع\u200F المنتجات خلال ٢١ يوماً من الاستلام [ar-returns#1].')).toBe(true);
    // Arabic number formatting (Intl) puts an RLM before an amount.
    expect(passes('يمكن إرجاع المنتجات خلال \u200F٢١ يوماً من الاستلام [ar-returns#1].')).toBe(true);
  });

  it('fail a mark that cuts a range', () => {
    expect(
      problems('Items can be returned within 2\u200F - 21 days of delivery [returns#1].'),
    ).toEqual(['bidi_control: U+200F']);
  });
});
