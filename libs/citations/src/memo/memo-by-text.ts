/**
 * A pure analysis of a text, remembered by the text. The checks analyse the same prompt chunks and
 * the same system prompt on every turn (stemming, quantities, clauses, word runs); a knowledge base
 * has a few thousand chunks, so nearly every analysis is a hit.
 *
 * Bounded: once it holds `capacity` texts it starts over. The values are shared between callers
 * and must not be changed.
 */
export function memoByText<T>(analyse: (text: string) => T, capacity = 2048): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    const hit = known.get(text);
    if (hit !== undefined) return hit;
    if (known.size >= capacity) known.clear();
    const value = analyse(text);
    known.set(text, value);
    return value;
  };
}
