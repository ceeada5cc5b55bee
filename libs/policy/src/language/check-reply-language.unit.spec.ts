import { describe, expect, it } from '@jest/globals';
import { validateReply } from '@support/citations';
import { checkReplyLanguage } from './check-reply-language.js';

const chunks = [
  { chunkId: 'delivery#1', text: 'Muscat takes 3–4 working days.' },
  { chunkId: 'ar-delivery#1', text: 'التوصيل إلى مسقط يستغرق ٣–٤ أيام عمل.' },
];
const english = 'Muscat takes 3–4 working days. [delivery#1]';
const arabic = 'التوصيل إلى مسقط يستغرق ٣–٤ أيام عمل. [ar-delivery#1]';
const check = (reply: string, language: 'en' | 'ar' | 'mixed') =>
  checkReplyLanguage(validateReply(reply, chunks), language);

describe('checkReplyLanguage', () => {
  it('passes a cited reply in the customer’s language', () => {
    expect(check(english, 'en').passed).toBe(true);
    expect(check(arabic, 'ar').passed).toBe(true);
  });

  it('fails a correctly cited reply in the other language', () => {
    const verdict = check(arabic, 'en');
    expect(verdict.passed).toBe(false);
    expect(verdict.sentences[0]).toMatchObject({ ok: false, problem: 'wrong_language: ar' });
    expect(check(english, 'ar').sentences[0]?.problem).toBe('wrong_language: en');
  });

  it('passes a quote in the other language when the prompt has only that language', () => {
    const onlyArabic = checkReplyLanguage(validateReply(arabic, chunks), 'en', ['ar']);
    expect(onlyArabic.passed).toBe(true);
    // With a chunk in the customer's language in the prompt, the other language still fails.
    expect(checkReplyLanguage(validateReply(arabic, chunks), 'en', ['en', 'ar']).passed).toBe(
      false,
    );
    expect(checkReplyLanguage(validateReply(english, chunks), 'ar', ['en']).passed).toBe(true);
  });

  it('lets a customer who mixes languages have either', () => {
    expect(check(`${english}\n${arabic}`, 'mixed').passed).toBe(true);
  });

  it('keeps the first problem of a sentence that already failed', () => {
    const verdict = check('التوصيل إلى مسقط يستغرق ٤٧ يوما. [ar-delivery#1]', 'en');
    expect(verdict.sentences[0]?.problem).toMatch(/^unsupported_quantity/);
  });
});
