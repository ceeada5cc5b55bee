/**
 * How a personal field travels: sealed under its customer's data key (`libs/privacy` seals and
 * opens). The format is text, versioned and self-describing, so it fits any string field and a
 * reader knows which key opens it without any other field:
 *
 *   pd1.<keyId>.<iv>.<tag>.<ciphertext>     AES-256-GCM; iv 12 bytes, tag 16, each base64url
 *
 * `pd0.<base64url UTF-8>` is the plaintext of an event written before personal fields were sealed,
 * wrapped by its upcaster: consumers may read it, nothing may publish it.
 */
export const SEALED_VERSION = 'pd1';
export const LEGACY_PLAIN_VERSION = 'pd0';

const BASE64URL = '[A-Za-z0-9_-]';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SEALED_PATTERN = new RegExp(
  `^pd1\\.(${UUID})\\.(${BASE64URL}{16})\\.(${BASE64URL}{22})\\.(${BASE64URL}*)$`,
);
const LEGACY_PATTERN = new RegExp(`^pd0\\.(${BASE64URL}*)$`);

/** The parts of a sealed value, still base64url-encoded. */
export interface SealedParts {
  readonly keyId: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
}

export function parseSealed(value: string): SealedParts | null {
  const match = SEALED_PATTERN.exec(value);
  return match ? { keyId: match[1]!, iv: match[2]!, tag: match[3]!, ciphertext: match[4]! } : null;
}

export function formatSealed(parts: SealedParts): string {
  return [SEALED_VERSION, parts.keyId, parts.iv, parts.tag, parts.ciphertext].join('.');
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && SEALED_PATTERN.test(value);
}

/** Whether a value is an old event's plaintext, wrapped by an upcaster ({@link legacyPlain}). */
export function isLegacyPlain(value: unknown): value is string {
  return typeof value === 'string' && LEGACY_PATTERN.test(value);
}

/** An old event's plaintext in a personal field, as its upcaster hands it on. */
export function legacyPlain(text: string): string {
  return `${LEGACY_PLAIN_VERSION}.${Buffer.from(text, 'utf8').toString('base64url')}`;
}

/** The plaintext inside a {@link legacyPlain} value, or null when the value is not one. */
export function readLegacyPlain(value: string): string | null {
  const match = LEGACY_PATTERN.exec(value);
  return match ? Buffer.from(match[1]!, 'base64url').toString('utf8') : null;
}

/**
 * The longest sealed value of a plaintext of at most `maxChars` UTF-16 code units (each at most 3
 * UTF-8 bytes; a surrogate pair is 4 bytes for 2 units), or of `maxChars` bytes for binary data.
 */
export function sealedLengthFor(maxChars: number, unit: 'chars' | 'bytes' = 'chars'): number {
  const bytes = unit === 'chars' ? maxChars * 3 : maxChars;
  const overhead = SEALED_VERSION.length + 1 + 36 + 1 + 16 + 1 + 22 + 1;
  return overhead + Math.ceil((bytes * 4) / 3);
}
