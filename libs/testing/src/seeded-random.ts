/**
 * A deterministic generator of numbers in [0, 1) (mulberry32), so every run builds the same
 * synthetic corpus. 32-bit integer arithmetic throughout: an LCG computed in doubles loses bits
 * once the product passes 2^53 and falls into a cycle of a few thousand numbers.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
