import { describe, expect, it } from '@jest/globals';
import { isFactual } from './is-factual.js';
import { GREETINGS, OFFERS_OF_HELP, QUESTION_OPENERS, SIGN_OFFS, THANKS } from './phrases.js';

describe('isFactual', () => {
  it.each([
    // Greetings.
    ['Hi Sara!', false],
    ['Hello there', false],
    ['Hello and welcome to Sanaa Boutique!', false],
    ['Dear valued customer,', false],
    ['مرحباً', false],
    ['أهلاً وسهلاً', false],
    ['مرحباً أستاذ أحمد!', false],
    ['السلام عليكم ورحمة الله وبركاته', false],
    // Thanks and sign-offs.
    ['Thank you for contacting Sanaa Boutique.', false],
    ['Have a great day', false],
    ['Best regards, Sanaa Boutique team', false],
    ['شكراً لتواصلك', false],
    ['نتمنى لك يوماً سعيداً', false],
    ['مع السلامة', false],
    // Questions back, requests and offers of help.
    ['Could you share your order number?', false],
    ['Sure, could you share your order number?', false],
    ['هل يمكنك تزويدي برقم الطلب؟', false],
    ['تقدر ترسل لي رقم الطلب؟', false],
    ['Please share a photo of the damaged item.', false],
    ['Let me know if you need anything else', false],
    ['Feel free to reach out anytime.', false],
    ['Is there anything else I can help you with?', false],
    ['هل هناك أي شيء آخر يمكنني مساعدتك به؟', false],
    ['لا تتردد في التواصل معنا', false],
    ["I'm sorry to hear that.", false],
    ['Hi Sara! [retail-returns#2]', false],
    // Greeting + fact: the fact wins.
    ['Hi Sara, returns are accepted within 14 days.', true],
    ['مرحباً سارة، يمكنك إرجاع المنتج خلال ١٤ يوماً', true],
    ['Hi Sara, your order is on its way.', true],
    ['مرحباً، طلبك وصل', true],
    ['Thank you, the refund is 50 SAR.', true],
    ['Thanks for waiting two days', true],
    // Facts.
    ['Returns are free.', true],
    ['Your order has shipped.', true],
    ['We deliver in Riyadh.', true],
    ['التوصيل مجاني داخل الرياض.', true],
    ['يمكن استبدال المنتج في المتجر', true],
    // Questions and courtesy that carry a policy term or a quantity.
    ['Would you like me to start a return for you?', true],
    ['Feel free to ask about refunds.', true],
    ['Could you send two photos?', true],
    ['Did you know returns are free?', true],
    ['هل تعلم أن التوصيل مجاني؟', true],
    // When unsure: factual.
    ['Yes.', true],
    ['Sure.', true],
    ['Sara', true],
    ['The dress is blue, right?', true],
    ['Your order number?', true],
  ])('%s → %s', (sentence, expected) => {
    expect(isFactual(sentence)).toBe(expected);
  });

  it('reads a sentence with nothing but markers or symbols as stating nothing', () => {
    expect(isFactual('[a#1]')).toBe(false);
    expect(isFactual('😊')).toBe(false);
  });

  it('exports the phrase lists it uses, in both languages', () => {
    for (const list of [GREETINGS, THANKS, SIGN_OFFS, OFFERS_OF_HELP, QUESTION_OPENERS]) {
      expect(list.some((phrase) => /\p{Script=Latin}/u.test(phrase))).toBe(true);
      expect(list.some((phrase) => /\p{Script=Arabic}/u.test(phrase))).toBe(true);
    }
  });

  it('reads every greeting, thanks and sign-off on its own as not factual', () => {
    for (const phrase of [...GREETINGS, ...THANKS, ...SIGN_OFFS]) {
      expect([phrase, isFactual(phrase)]).toEqual([phrase, false]);
    }
  });
});
