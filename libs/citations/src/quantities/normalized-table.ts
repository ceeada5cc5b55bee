import { normalizeText } from '@support/text';

/** A word table keyed the way the reader compares words: lowercase, Arabic folded (ة → ه, ئ → ي). */
export function normalizedTable<T>(table: Readonly<Record<string, T>>): ReadonlyMap<string, T> {
  return new Map(Object.entries(table).map(([word, value]) => [normalizeText(word), value]));
}

/** A word list in the compared form. */
export function normalizedSet(list: readonly string[]): ReadonlySet<string> {
  return new Set(list.map((word) => normalizeText(word)));
}
