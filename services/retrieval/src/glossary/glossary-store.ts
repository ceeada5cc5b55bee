import type { TermPair } from '@support/text';

/**
 * The glossary of each namespace, as the latest glossary event of that namespace left it. Kept in
 * memory and rebuilt from the event log when the service starts (see RetrievalEvents).
 */
export class GlossaryStore {
  private readonly byNamespace = new Map<string, { version: string; pairs: TermPair[] }>();

  /**
   * Sets a namespace's glossary unless a later one is already held: `version` orders the events
   * (occurredAt, then id), so a replay and live delivery in any order end with the same glossary.
   */
  set(namespace: string, pairs: TermPair[], version: string): void {
    const current = this.byNamespace.get(namespace);
    if (current === undefined || current.version <= version)
      this.byNamespace.set(namespace, { version, pairs });
  }

  pairs(namespace: string): readonly TermPair[] {
    return this.byNamespace.get(namespace)?.pairs ?? [];
  }
}
