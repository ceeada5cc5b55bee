const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

const utf8 = new TextEncoder();

function rotl32(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function mixK(k: number): number {
  return Math.imul(rotl32(Math.imul(k, C1), 15), C2);
}

/** MurmurHash3 x86_32 of a byte string, as an unsigned 32-bit integer. */
export function murmur3Bytes(bytes: Uint8Array, seed = 0): number {
  const length = bytes.length;
  const blocksEnd = length - (length % 4);
  let h = seed | 0;
  for (let i = 0; i < blocksEnd; i += 4) {
    const k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    h = rotl32(h ^ mixK(k), 13);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = length % 4;
  if (tail > 0) {
    let k = bytes[blocksEnd];
    if (tail > 1) k |= bytes[blocksEnd + 1] << 8;
    if (tail > 2) k |= bytes[blocksEnd + 2] << 16;
    h ^= mixK(k);
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3 x86_32 of the UTF-8 bytes of a string, as an unsigned 32-bit integer. */
export function murmur3(text: string, seed = 0): number {
  return murmur3Bytes(utf8.encode(text), seed);
}
