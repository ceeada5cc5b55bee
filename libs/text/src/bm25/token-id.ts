import { murmur3 } from '../hash/murmur3.js';

/**
 * fastembed's `abs(mmh3.hash(token))`: MurmurHash3 x86_32 (seed 0) of the token's UTF-8 bytes,
 * read as a signed 32-bit integer, then its absolute value. Ids run from 0 to 2^31; a hash and
 * its negation share an id.
 */
export function tokenId(token: string): number {
  return Math.abs(murmur3(token) | 0);
}
