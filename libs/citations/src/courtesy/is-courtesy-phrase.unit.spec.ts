import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { isCourtesyPhrase } from './is-courtesy-phrase.js';

const courtesy = (sentence: string) => isCourtesyPhrase(normalizeForChecks(sentence));

describe('isCourtesyPhrase', () => {
  it.each([
    'Hi!',
    'HELLO THERE.',
    'Thank you for reaching out!',
    'Hi, thank you for your message.',
    "I'm sorry to hear that.",
    'Is there anything else I can help you with?',
    'Could you rephrase your question, or tell me a little more about what you need?',
    'مرحباً!',
    'مرحبا',
    'أهلاً وسهلاً، شكراً لتواصلك معنا.',
    'هل هناك شيء آخر يمكنني مساعدتك به؟',
    'أي خدمة ثانية؟',
    'هل يمكنك إعادة صياغة سؤالك أو توضيح ما تحتاجه بتفصيل أكثر؟',
    'Thank\u200B you!',
    'شك\u200Cراً',
    'Thank you [returns#1].',
  ])('takes %j', (sentence) => {
    expect(courtesy(sentence)).toBe(true);
  });

  it.each([
    'Hi Sara!',
    'Thanks, returns are free.',
    'Thank you for shopping, your refund is on its way.',
    'Is there anything else I can refund for you?',
    'Feel free to send back anything at any time.',
    'Let me know if you need a refund.',
    'شكراً، الإرجاع مجاني دائماً.',
    'مرحباً بك في عرض الاسترجاع المفتوح',
    'Yes.',
    '',
  ])('refuses %j', (sentence) => {
    expect(courtesy(sentence)).toBe(false);
  });
});
