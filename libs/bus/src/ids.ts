import { createHash, randomUUID } from 'node:crypto';

export function newEventId(): string {
  return randomUUID();
}

/**
 * A UUID derived from its parts (name-based, SHA-1, as UUID v5). Side-effecting handlers derive the
 * ids of the events they publish from their cause, so a re-run publishes the same id and JetStream
 * deduplicates it.
 */
export function deterministicId(...parts: readonly (string | number)[]): string {
  const hash = createHash('sha1').update(parts.map(String).join('\u001f')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
