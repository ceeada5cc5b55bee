import { describe, expect, it } from '@jest/globals';
import { murmur3, murmur3Bytes } from './murmur3.js';

// Reference values: published MurmurHash3 x86_32 test vectors (Guava's Murmur3_32HashFunctionTest,
// UTF-8 inputs included), fastembed's tests against mmh3 ("kitchens", "prostaglandins",
// "ad1u66pi"), and Austin Appleby's reference C code (SMHasher's MurmurHash3_x86_32) compiled and
// run over the UTF-8 bytes for the rest.
describe('murmur3 (x86_32)', () => {
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['hello', 0, 0x248bfa47],
    ['hello', 1, 3142237357],
    ['Hello, world!', 1234, 0xfaf6cdb3],
    ['The quick brown fox jumps over the lazy dog', 0, 0x2e4ff723],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['abc', 0x9747b28c, 0xc84a62dd],
    ['k', 0, 0xcfbda5d1],
    ['hell', 0, 0xa167dbf3],
    ['http://www.google.com/', 0, 0x3d41b97c],
    // Guava's UTF-8 vectors: a 2-byte, 3-byte and 4-byte (surrogate pair) character.
    ['ABCDefGHI\u0799', 0, 0xb5a4be05],
    ['毎月１日,毎週月曜日', 0, 0xfc5ba834],
    ['surrogate pair: \uD83D\uDCB0', 0, 0x8a5c3699],
  ])('murmur3(%j, %d) = %d', (text, seed, expected) => {
    expect(murmur3(text, seed)).toBe(expected);
  });

  it.each([
    // Every tail length (0–3 bytes after the 4-byte blocks).
    ['a', 1009084850],
    ['ab', 2613040991],
    ['abc', 3017643002],
    ['abcd', 1139631978],
    ['abcde', 3902511862],
    // Tokens whose signed hashes matter to fastembed's ids.
    ['kitchens', 358434922],
    ['prostaglandins', 3936532374], // signed: -358434922
    ['ad1u66pi', 2147483648], // signed: -2^31
    ['return', 1430125705],
    ['dress', 3667247009],
  ])('murmur3(%j) = %d', (text, expected) => {
    expect(murmur3(text)).toBe(expected);
  });

  it.each([
    // Multi-byte UTF-8: 2-byte Arabic and Latin-1 letters, a 4-byte emoji.
    ['فستان', 4149217444],
    ['مرحبا', 1840427645],
    ['سياسة الاسترجاع', 2860164591],
    ['مدرس', 2742197962],
    ['é', 269551495],
    ['😀', 3199479546],
  ])('hashes the UTF-8 bytes of %j', (text, expected) => {
    expect(murmur3(text)).toBe(expected);
  });

  it('hashes a string as its UTF-8 bytes', () => {
    const bytes = new TextEncoder().encode('فستان');
    expect(bytes.length).toBe(10);
    expect(murmur3Bytes(bytes)).toBe(murmur3('فستان'));
  });
});

describe('murmur3 of a string', () => {
  const utf8 = new TextEncoder();

  it('hashes exactly the bytes TextEncoder writes, lone surrogates included', () => {
    const texts = [
      'a\uD800b', // lone high surrogate: U+FFFD
      '\uDC00', // lone low surrogate
      '\uD83D', // high surrogate at the end
      '\uDC00\uD83D', // a low before a high: two replacements
      '\u07FF\u0800\uFFFF\u{10000}\u{10FFFF}', // the edges of each UTF-8 length
      'x'.repeat(1000), // longer than the first scratch buffer
      'فستان'.repeat(300),
    ];
    for (const text of texts) expect(murmur3(text)).toBe(murmur3Bytes(utf8.encode(text)));
  });

  it('agrees with TextEncoder on random strings of every UTF-16 code unit', () => {
    let state = 7;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
    for (let n = 0; n < 2000; n++) {
      const units = Array.from({ length: next() % 24 }, () => {
        const pick = next() % 4;
        // ASCII, Arabic, anywhere in the BMP (surrogates included), or a pair's half.
        if (pick === 0) return next() % 0x80;
        if (pick === 1) return 0x0600 + (next() % 0x100);
        if (pick === 2) return next() % 0x10000;
        return 0xd800 + (next() % 0x800);
      });
      const text = String.fromCharCode(...units);
      expect(murmur3(text, n)).toBe(murmur3Bytes(utf8.encode(text), n));
    }
  });
});
