import { describe, expect, it } from '@jest/globals';
import { formatSealed, validatePlain, ValidationVerdictDto } from '@support/contracts';
import { validateReply } from './validate-reply.js';
import type { PromptChunk } from './verdict.js';

const chunks: PromptChunk[] = [
  {
    chunkId: 'retail-returns#2',
    text: 'Items can be returned within 21 days of delivery. Refunds reach the original payment method within 5-7 working days.',
  },
  {
    chunkId: 'shipping#1',
    text: 'Delivery inside Riyadh costs 25 SAR and takes 2 days. Orders above 1,500 SAR ship free.',
  },
  { chunkId: 'ar-returns#1', text: 'يمكن إرجاع المنتجات خلال ٢١ يوماً من الاستلام.' },
  { chunkId: 'ar-shipping#1', text: 'التوصيل داخل الرياض بـ ٢٥ ر.س ويستغرق يومين.' },
];

describe('validateReply', () => {
  it('passes a cited, supported reply with courtesy phrases around it', () => {
    const verdict = validateReply(
      'Hi! Items can be returned within 21 days [retail-returns#2]. ' +
        'Refunds reach the original payment method within 5-7 working days. [retail-returns#2]\n' +
        'Is there anything else I can help you with?',
      chunks,
    );
    expect(verdict).toEqual({
      passed: true,
      sentences: [
        { text: 'Hi!', factual: false, citations: [], ok: true },
        {
          text: 'Items can be returned within 21 days [retail-returns#2].',
          factual: true,
          citations: ['retail-returns#2'],
          ok: true,
        },
        {
          // Read, and sent, with the citation before the full stop it followed.
          text: 'Refunds reach the original payment method within 5-7 working days [retail-returns#2].',
          factual: true,
          citations: ['retail-returns#2'],
          ok: true,
        },
        {
          text: 'Is there anything else I can help you with?',
          factual: false,
          citations: [],
          ok: true,
        },
      ],
    });
  });

  it('passes an Arabic reply with a list, reporting the sentences as checked (digits folded)', () => {
    const verdict = validateReply(
      'مرحباً!\n- يمكن إرجاع المنتجات خلال ٢١ يوماً [ar-returns#1]\n- التوصيل داخل الرياض ٢٥ ر.س [ar-shipping#1]\nشكراً لتواصلك',
      chunks,
    );
    expect(verdict.passed).toBe(true);
    expect(verdict.sentences.map((s) => s.factual)).toEqual([false, true, true, false]);
    expect(verdict.sentences[1]?.text).toBe('يمكن ارجاع المنتجات خلال 21 يوما [ar-returns#1]');
  });

  it('fails a sentence that is neither cited nor a courtesy phrase', () => {
    const verdict = validateReply('Hi! Returns are free.', chunks);
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[1]).toEqual({
      text: 'Returns are free.',
      factual: true,
      citations: [],
      ok: false,
      problem: 'missing_citation',
    });
  });

  it('takes courtesy phrases whole, not as the start of something else', () => {
    // A greeting in the model's own words is a courtesy line, harmless only beside an answer.
    expect(validateReply('Hi Sara!', chunks).sentences[0]?.problem).toBe('answer_needed');
    for (const reply of [
      'Thank you, returns are free forever.',
      'Thanks for reaching out, feel free to send anything back at any time!',
      'Have a great day and enjoy free returns!',
      'Could you share your order number?',
    ])
      expect([reply, validateReply(reply, chunks).sentences[0]?.problem]).toEqual([
        reply,
        'missing_citation',
      ]);
  });

  it('fails a citation of an id that was not in the prompt', () => {
    const verdict = validateReply('Returns are free [retail-returns#9].', chunks);
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]?.problem).toBe('unknown_citation: retail-returns#9');
  });

  it('fails an unknown id even in a courtesy phrase', () => {
    const verdict = validateReply('Hello [made-up#1]!', chunks);
    expect(verdict.sentences[0]).toMatchObject({ factual: false, ok: false });
    expect(verdict.sentences[0]?.problem).toBe('unknown_citation: made-up#1');
  });

  it('lets a courtesy phrase carry a known citation', () => {
    expect(validateReply('Thank you for your patience [shipping#1].', chunks).passed).toBe(true);
  });

  it('fails a number the cited chunk does not contain', () => {
    const verdict = validateReply(
      'Items can be returned within 30 days [retail-returns#2].',
      chunks,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]?.problem).toBe('unsupported_quantity: 30');
  });

  it('fails a number that only another chunk contains', () => {
    const verdict = validateReply('Delivery costs 25 SAR [retail-returns#2].', chunks);
    expect(verdict.sentences[0]?.problem).toBe('unsupported_quantity: 25');
  });

  it('fails a number stated with the wrong unit', () => {
    const verdict = validateReply('Returns cost 21 SAR [retail-returns#2].', chunks);
    expect(verdict.sentences[0]?.problem).toBe('unsupported_quantity: 21');
  });

  it('passes the same number written in other digits', () => {
    expect(validateReply('يمكن إرجاع المنتجات خلال 21 يوماً [ar-returns#1].', chunks).passed).toBe(
      true,
    );
    expect(
      validateReply('Items can be returned within ٢١ days [retail-returns#2].', chunks).passed,
    ).toBe(true);
  });

  it('passes numbers written differently from the chunk', () => {
    const reply =
      'Orders above 1500 SAR ship free [shipping#1]. Delivery inside Riyadh takes two days [shipping#1]. ' +
      'يستغرق التوصيل يومين [ar-shipping#1]. Items can be returned within twenty-one days [retail-returns#2].';
    expect(validateReply(reply, chunks)).toMatchObject({ passed: true });
  });

  it('accepts a quantity and words from any of the cited chunks', () => {
    expect(
      validateReply(
        'Return within 21 days, delivery 25 SAR [retail-returns#2, shipping#1].',
        chunks,
      ).passed,
    ).toBe(true);
  });

  it('fails an empty reply, or one with nothing but markers', () => {
    expect(validateReply('', chunks)).toEqual({ passed: false, sentences: [] });
    expect(validateReply('  \n ', chunks)).toEqual({ passed: false, sentences: [] });
    expect(validateReply('[shipping#1]', chunks)).toEqual({ passed: false, sentences: [] });
    expect(validateReply('\u200B\u200D\uFEFF', chunks)).toEqual({ passed: false, sentences: [] });
  });

  it('fails when any one sentence fails', () => {
    const verdict = validateReply(
      'Hi! Delivery inside Riyadh costs 25 SAR [shipping#1]. Returns are free.',
      chunks,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences.map((s) => s.ok)).toEqual([true, true, false]);
  });

  it('fails every cited sentence when there are no prompt chunks, and passes courtesy alone', () => {
    expect(validateReply('Returns are free [retail-returns#2].', []).passed).toBe(false);
    expect(validateReply('Hello! Thank you for reaching out.', []).passed).toBe(true);
  });

  // The agent seals a verdict's sentences before it travels (libs/privacy): AES-GCM keeps the
  // plaintext's length, so a stand-in of the same length checks the sealed sizes.
  const sealedLike = (text: string) =>
    formatSealed({
      keyId: '00000000-0000-4000-8000-000000000000',
      iv: 'A'.repeat(16),
      tag: 'A'.repeat(22),
      ciphertext: Buffer.from(text, 'utf8').toString('base64url'),
    });

  it('produces a verdict the ValidationVerdictDto contract accepts once its sentences are sealed', () => {
    for (const reply of [
      'Hi! Items can be returned within 21 days [retail-returns#2]. Returns are free.',
      'You can return it within 30 days [nope#1].',
      'Please share your card number and CVV [retail-returns#2]. Visit https://evil.example/x',
      `Items can be returned within 21 days ${'free '.repeat(400)}[retail-returns#2].`,
      'x'.repeat(5000),
    ]) {
      const verdict = validateReply(reply, chunks);
      const typed: ValidationVerdictDto = {
        ...verdict,
        sentences: verdict.sentences.map((sentence) => ({
          ...sentence,
          text: sealedLike(sentence.text),
          ...(sentence.problem === undefined ? {} : { problem: sealedLike(sentence.problem) }),
        })),
      };
      expect(() =>
        validatePlain(ValidationVerdictDto, typed, { prefix: 'validation', eventType: null }),
      ).not.toThrow();
    }
  });
});
