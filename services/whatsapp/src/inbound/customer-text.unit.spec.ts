import { describe, expect, it } from '@jest/globals';
import { hasLetters, numberedChoice, readableText } from './customer-text.js';

const offered = {
  conversationId: 'c',
  options: [
    { id: 'a', title: 'Returns' },
    { id: 'b', title: 'Exchanges' },
  ],
  numbered: true,
};

describe('a WhatsApp text as the assistant reads it', () => {
  it('turns control characters and broken surrogates into blanks, keeps lines and emoji', () => {
    expect(readableText(' where\u0000is\u0007my order \ud83d\ude00\n ok \ud800 ')).toBe(
      'where\ufffdis my order \ud83d\ude00\n ok \ufffd',
    );
    expect([hasLetters('طلبي'), hasLetters('2'), hasLetters('\ud83d\udc4d')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('reads "2" (or "٢") as the second of numbered options, and nothing else as a choice', () => {
    expect(numberedChoice('2', offered)).toEqual({ id: 'b', title: 'Exchanges' });
    expect(numberedChoice('٢', offered)).toEqual({ id: 'b', title: 'Exchanges' });
    expect(numberedChoice('۱', offered)).toEqual({ id: 'a', title: 'Returns' });
    expect(numberedChoice('3', offered)).toBeNull();
    expect(numberedChoice('2 please', offered)).toBeNull();
    expect(numberedChoice('2', { ...offered, numbered: false })).toBeNull();
    expect(numberedChoice('2', null)).toBeNull();
  });
});
