import { createHash } from 'node:crypto';

/**
 * A UUID derived from its parts (name-based, SHA-1, as UUID v5), like the bus's `deterministicId`
 * (this lib does not depend on the bus): a retried click derives the same draft and event ids, so
 * JetStream's deduplication makes it one.
 */
export function stableId(...parts: readonly (string | number)[]): string {
  const hash = createHash('sha1').update(parts.map(String).join('\u001f')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
