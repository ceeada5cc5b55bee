import type { EntityManager } from 'typeorm';

/**
 * Serialises writers of the same keys until the transaction ends: rows that do not exist yet
 * cannot be row-locked. Keys are locked in sorted order, so concurrent batches cannot deadlock;
 * `namespace` keeps each projection's keys apart.
 */
export async function lockKeys(
  manager: EntityManager,
  namespace: string,
  keys: readonly string[],
): Promise<void> {
  await manager.query(
    `SELECT pg_advisory_xact_lock(hashtext($1 || id)) FROM unnest($2::text[]) AS id ORDER BY id`,
    [namespace, [...keys]],
  );
}
