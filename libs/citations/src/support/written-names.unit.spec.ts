import { describe, expect, it } from '@jest/globals';
import { validateReply } from '../validation/validate-reply.js';
import { writtenNames } from './written-names.js';

const CHUNK = {
  chunkId: 'exchanges#2',
  text: 'Exchanges in person are done at our Seef Mall branch only, with the receipt and the original tags.',
};

describe('writtenNames', () => {
  it('reads capitalised words where no sentence starts, not the first person', () => {
    expect([...writtenNames('Sorry, I’m afraid our Riffa branch closes at 10 [a#1].')]).toEqual([
      'Riffa',
    ]);
    expect([...writtenNames('Exchanges happen in person.')]).toEqual([]);
  });

  it('reads an Arabic word after a noun that introduces a name, with its clitic', () => {
    expect([...writtenNames('البطاقة المطبوعة متوفرة فقط بفرع الرفاع [a#1].')]).toEqual(['الرفاع']);
    expect([...writtenNames('التوصيل مجاني داخل البحرين [a#1].')]).toEqual([]);
  });
});

const AR_CHUNK = {
  chunkId: 'gift-cards#1',
  text: 'البطاقة الرقمية تُرسل بالبريد الإلكتروني أو عبر واتساب. البطاقة المطبوعة متوفرة فقط في فرع مجمع السيف.',
};

describe('an Arabic name the cited chunk lacks', () => {
  it('fails the sentence, and passes the branch the chunk names', () => {
    const swapped = validateReply('البطاقة المطبوعة متوفرة فقط في فرع الرفاع [gift-cards#1].', [
      AR_CHUNK,
    ]);
    expect(swapped.sentences[0]!.problem).toBe('unsupported_words: الرفاع');
    expect(
      validateReply('البطاقة المطبوعة متوفرة فقط في فرع مجمع السيف [gift-cards#1].', [AR_CHUNK])
        .passed,
    ).toBe(true);
  });
});

describe('a name the cited chunk lacks', () => {
  it('fails the sentence however many of its other words the chunk holds', () => {
    const verdict = validateReply(
      'Exchanges in person are done at our Riffa branch only, with the receipt and the original tags [exchanges#2].',
      [CHUNK],
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]!.problem).toBe('unsupported_words: Riffa');
  });

  it('passes the name the chunk holds', () => {
    expect(
      validateReply(
        'Exchanges in person are done at our Seef Mall branch only, with the receipt and the original tags [exchanges#2].',
        [CHUNK],
      ).passed,
    ).toBe(true);
  });
});
