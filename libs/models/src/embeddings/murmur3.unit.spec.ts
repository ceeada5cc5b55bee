import { describe, expect, it } from '@jest/globals';
import { murmur3 } from './murmur3.js';

describe('murmur3 (x86, 32-bit)', () => {
  // Reference values of MurmurHash3_x86_32 (SMHasher), covering every tail length.
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['\0\0\0\0', 0, 0x2362f9de],
    ['a', 0x9747b28c, 0x7fa09ea6],
    ['ab', 0x9747b28c, 0x74875592],
    ['abc', 0x9747b28c, 0xc84a62dd],
    ['abcd', 0x9747b28c, 0xf0478627],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
    ['ππππππππ', 0x9747b28c, 0xd58063c1],
  ])('hashes %j with seed %d', (text, seed, expected) => {
    expect(murmur3(text, seed)).toBe(expected);
  });
});
