import type { GlossaryPair } from '@support/language';

/** Reads a namespace's glossary pairs ('' names glossaries published without a namespace). */
export type ReadGlossary = (namespace: string) => Promise<readonly GlossaryPair[]>;

/** How long a glossary read is used before it is read again: glossaries change with an ingest. */
export const GLOSSARY_TTL_MS = 30_000;

/**
 * The shop's glossary for the reply check, per knowledge-base namespace: its names (branches,
 * programmes, districts) become facts a draft may not swap. Read from the knowledge projection and
 * kept for {@link GLOSSARY_TTL_MS}; an unchanged glossary keeps its identity, so the check's
 * analyses of it are kept too. The default namespace takes glossaries published without a
 * namespace when it has none of its own, as retrieval does.
 */
export class GlossarySource {
  private readonly held = new Map<
    string,
    { pairs: readonly GlossaryPair[]; text: string; readAt: number }
  >();

  constructor(
    private readonly read: ReadGlossary,
    private readonly defaultNamespace: string,
    private readonly now: () => number = Date.now,
  ) {}

  async pairs(namespace: string | undefined): Promise<readonly GlossaryPair[]> {
    const key = namespace ?? this.defaultNamespace;
    const held = this.held.get(key);
    if (held && this.now() - held.readAt < GLOSSARY_TTL_MS) return held.pairs;
    let pairs = await this.read(key);
    if (pairs.length === 0 && key === this.defaultNamespace && key !== '')
      pairs = await this.read('');
    const text = JSON.stringify(pairs);
    const kept = held?.text === text ? held.pairs : pairs;
    this.held.set(key, { pairs: kept, text, readAt: this.now() });
    return kept;
  }
}
