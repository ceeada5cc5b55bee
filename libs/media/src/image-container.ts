import type { ImageMimeType } from '@support/contracts';

/**
 * Where each allowed image's container says the image ends, read from its own structure: the
 * decoder (libvips, via sharp) reads the image and ignores what follows it, which is where a
 * polyglot keeps its HTML or zip. Returns why the bytes are no clean image, or null.
 */
const CONTAINER_PROBLEM: Record<ImageMimeType, (bytes: Buffer) => string | null> = {
  'image/png': pngProblem,
  'image/jpeg': jpegProblem,
  'image/webp': webpProblem,
};

export function containerProblem(bytes: Buffer, type: ImageMimeType): string | null {
  return CONTAINER_PROBLEM[type](bytes);
}

const PNG_SIGNATURE_BYTES = 8;

/** Chunks (length, type, data, CRC) from IHDR to IEND, and nothing after IEND. */
function pngProblem(bytes: Buffer): string | null {
  let offset = PNG_SIGNATURE_BYTES;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return `a PNG chunk at byte ${offset} has no valid type`;
    if (first && type !== 'IHDR') return 'a PNG must start with its IHDR chunk';
    first = false;
    const end = offset + 12 + length;
    if (end > bytes.length) return `the PNG chunk ${type} runs past the end of the file`;
    if (type === 'IEND')
      return end === bytes.length ? null : `${trailing(bytes, end)} the PNG's end`;
    offset = end;
  }
  return 'the PNG has no IEND chunk';
}

/** The RIFF container's size is the file's: nothing before or after it. */
function webpProblem(bytes: Buffer): string | null {
  if (bytes.length < 12) return 'the WebP is shorter than its header';
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return 'the WebP is shorter than its RIFF header says';
  if (riffEnd < bytes.length) return `${trailing(bytes, riffEnd)} the WebP's RIFF data`;
  return null;
}

/** A JPEG ends with its EOI marker (FF D9): nothing may follow the image. */
function jpegProblem(bytes: Buffer): string | null {
  const n = bytes.length;
  return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9
    ? null
    : 'the JPEG does not end with its end-of-image marker';
}

function trailing(bytes: Buffer, end: number): string {
  const n = bytes.length - end;
  return `${n} ${n === 1 ? 'byte follows' : 'bytes follow'}`;
}
