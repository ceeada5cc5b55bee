import { describe, expect, it } from '@jest/globals';
import { normalizeForChecks } from '@support/text';
import { requestsSecret } from './requests-secret.js';

const asks = (sentence: string) => requestsSecret(normalizeForChecks(sentence));

describe('requestsSecret', () => {
  it.each([
    'Please share your full card number and CVV.',
    'Send me your OTP.',
    'Reply with the code you received.',
    'Type your CVV here.',
    'I need your card number to process the refund.',
    'Your card number and expiry date, please.',
    'Kindly provide the 3 digits on the back of your card.',
    'Could you confirm your password?',
    'We need your password to verify the account.',
    'ابعت رقم البطاقة',
    'ابعتلي الرمز السري',
    'ممكن الرمز السري؟',
    'محتاج رقم البطاقة',
    'زودني بكلمة المرور',
    'شو الكود اللي وصلك؟',
    'أرسل لنا رمز التحقق',
    'اكتب رقم بطاقتك',
    'ادخل رقم البطاقة هنا',
    'Please send the C V V',
  ])('asks: %j', (sentence) => {
    expect(asks(sentence)).toBe(true);
  });

  it.each([
    // Sentences of the shipped knowledge base that name a secret without asking for it.
    'Card payments are confirmed with a one-time password from your bank (3-D Secure).',
    'Resetting your password',
    'Tap Forgot password?',
    'A new password needs at least 8 characters, including one number.',
    'A new mobile number is confirmed with an SMS code.',
    'أدخل رمز البطاقة المكوّن من 16 خانة في صفحة الدفع.',
    'إذا ضاع رمز بطاقة الهدية',
    // Asking for something that is not a secret.
    'Please share your order number.',
    'ابعت رقم الطلب',
  ])('does not ask: %j', (sentence) => {
    expect(asks(sentence)).toBe(false);
  });
});
