/** `count` reproducible permutations of `items` (Fisher–Yates driven by a Park–Miller generator). */
export function seededShuffles<T>(items: readonly T[], count = 25): T[][] {
  const out: T[][] = [];
  for (let seed = 1; seed <= count; seed++) {
    const shuffled = [...items];
    let s = seed;
    for (let i = shuffled.length - 1; i > 0; i--) {
      s = (s * 16807) % 2147483647;
      const j = s % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    out.push(shuffled);
  }
  return out;
}
