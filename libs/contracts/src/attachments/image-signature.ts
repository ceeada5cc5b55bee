import type { ATTACHMENT_MIME_TYPES } from '../events/conversation/message-received.event.js';

export type ImageMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The file signature of each type the contract allows: a new type will not compile without one. */
const SIGNATURES: Record<ImageMimeType, (bytes: Uint8Array) => boolean> = {
  'image/png': (bytes) => startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes) => startsWith(bytes, 0, [0xff, 0xd8, 0xff]),
  // RIFF, four bytes of length, WEBP.
  'image/webp': (bytes) =>
    startsWith(bytes, 0, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, 8, [0x57, 0x45, 0x42, 0x50]),
};

/** The allowed image type the bytes are, by their signature, or null when they are none. */
export function imageTypeOf(bytes: Uint8Array): ImageMimeType | null {
  const entry = Object.entries(SIGNATURES).find(([, matches]) => matches(bytes));
  return entry ? (entry[0] as ImageMimeType) : null;
}
