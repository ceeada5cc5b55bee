import { describe, expect, it } from '@jest/globals';
import { replyLanguage } from './reply-language.js';

describe('replyLanguage', () => {
  it('answers English and Arabic customers in their own language', () => {
    expect(replyLanguage('en')).toBe('en');
    expect(replyLanguage('ar')).toBe('ar');
  });

  it('answers a customer who mixes the languages in Arabic', () => {
    expect(replyLanguage('mixed')).toBe('ar');
  });
});
