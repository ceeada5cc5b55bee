import { describe, expect, it } from '@jest/globals';
import { tokenId } from './token-id.js';

describe('tokenId', () => {
  it('is the absolute value of the signed 32-bit hash', () => {
    expect(tokenId('return')).toBe(1430125705); // hash positive
    expect(tokenId('dress')).toBe(627720287); // hash 3667247009 = -627720287 signed
  });

  // fastembed's test_bm25_hash_collisions / test_bm25_query_index_overflow.
  it('maps a hash and its negation to one id', () => {
    expect(tokenId('kitchens')).toBe(358434922);
    expect(tokenId('prostaglandins')).toBe(358434922);
  });

  it('maps -2^31 to 2^31, past the signed 32-bit range', () => {
    expect(tokenId('ad1u66pi')).toBe(2 ** 31);
  });
});
