import { createHash } from 'node:crypto';

/** Fixed namespace UUID of this project's point ids; changing it re-keys every stored point. */
const POINT_ID_NAMESPACE = 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f607';

/** RFC 9562 name-based UUID, version 5 (SHA-1). */
export function uuidV5(name: string, namespaceUuid: string): string {
  const namespaceBytes = Buffer.from(namespaceUuid.replaceAll('-', ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`Not a UUID: ${namespaceUuid}`);
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Qdrant accepts only unsigned integers and UUIDs as point ids, so a chunk's id is derived from
 * namespace and chunkId: the same chunk always lands on the same point, and re-ingest replaces it.
 * Namespaces cannot contain '/', so the name is unambiguous.
 */
export function pointIdFor(namespace: string, chunkId: string): string {
  return uuidV5(`${namespace}/${chunkId}`, POINT_ID_NAMESPACE);
}
