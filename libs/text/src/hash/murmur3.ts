const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function rotl32(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function mixK(k: number): number {
  return Math.imul(rotl32(Math.imul(k, C1), 15), C2);
}

/** MurmurHash3 x86_32 of the first `length` bytes. */
function hashBytes(bytes: Uint8Array, length: number, seed: number): number {
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

/** MurmurHash3 x86_32 of a byte string, as an unsigned 32-bit integer. */
export function murmur3Bytes(bytes: Uint8Array, seed = 0): number {
  return hashBytes(bytes, bytes.length, seed);
}

// Strings are written as UTF-8 into one reused buffer: a TextEncoder call allocates an array per
// string, which dominated hashing the many short strings of BM25 and the hashing embedder.
let scratch = new Uint8Array(256);

/**
 * The UTF-8 bytes of `text` into `scratch` (grown when needed), as `TextEncoder` writes them: a
 * lone surrogate becomes U+FFFD. Returns the byte count.
 */
function writeUtf8(text: string): number {
  if (text.length * 3 > scratch.length) scratch = new Uint8Array(text.length * 3);
  const out = scratch;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out[n++] = code;
      continue;
    }
    if (code < 0x800) {
      out[n++] = 0xc0 | (code >> 6);
      out[n++] = 0x80 | (code & 0x3f);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        out[n++] = 0xf0 | (point >> 18);
        out[n++] = 0x80 | ((point >> 12) & 0x3f);
        out[n++] = 0x80 | ((point >> 6) & 0x3f);
        out[n++] = 0x80 | (point & 0x3f);
        i++;
        continue;
      }
      code = 0xfffd;
    }
    out[n++] = 0xe0 | (code >> 12);
    out[n++] = 0x80 | ((code >> 6) & 0x3f);
    out[n++] = 0x80 | (code & 0x3f);
  }
  return n;
}

/** MurmurHash3 x86_32 of the UTF-8 bytes of a string, as an unsigned 32-bit integer. */
export function murmur3(text: string, seed = 0): number {
  const length = writeUtf8(text); // may replace `scratch`: read it after
  return hashBytes(scratch, length, seed);
}
