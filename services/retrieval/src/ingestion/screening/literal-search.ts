/**
 * Which groups of literal strings occur in a text, found in one pass (Aho–Corasick over UTF-16
 * code units, with the transitions precomputed into one table). Group `i` is the `i`-th array
 * given to the constructor; it occurs when any of its strings is a substring of the text.
 */
export class LiteralSearch {
  /** Code unit → symbol; 0 for every code unit that no literal contains. */
  private readonly symbols: Uint8Array | Uint16Array;
  /** Symbols per state, "other" included. */
  private readonly width: number;
  /** `next[state * width + symbol]`: the state after reading that symbol. */
  private readonly next: Uint16Array | Uint32Array;
  /** The groups with a literal ending at each state, suffixes included. */
  private readonly groupsAt: (readonly number[] | undefined)[];

  constructor(private readonly groups: readonly (readonly string[])[]) {
    const codes = new Set<number>();
    for (const literals of groups)
      for (const literal of literals) {
        if (literal.length === 0) throw new RangeError('an empty literal occurs in every text');
        for (let i = 0; i < literal.length; i++) codes.add(literal.charCodeAt(i));
      }
    this.width = codes.size + 1;
    this.symbols = this.width <= 0xff ? new Uint8Array(0x10000) : new Uint16Array(0x10000);
    let symbol = 0;
    for (const code of codes) this.symbols[code] = ++symbol;

    // The trie: its edges, and the groups of the literals that end at each node.
    const edges: Map<number, number>[] = [new Map()];
    const ends: Set<number>[] = [new Set()];
    groups.forEach((literals, group) => {
      for (const literal of literals) {
        let state = 0;
        for (let i = 0; i < literal.length; i++) {
          const s = this.symbols[literal.charCodeAt(i)]!;
          let child = edges[state]!.get(s);
          if (child === undefined) {
            child = edges.length;
            edges.push(new Map());
            ends.push(new Set());
            edges[state]!.set(s, child);
          }
          state = child;
        }
        ends[state]!.add(group);
      }
    });

    // Breadth first, each state's missing transitions are those of its longest proper suffix
    // that is a trie node (its failure state), whose row is complete by then.
    const states = edges.length;
    this.next =
      states <= 0xffff
        ? new Uint16Array(states * this.width)
        : new Uint32Array(states * this.width);
    this.groupsAt = new Array(states);
    const failure = new Uint32Array(states);
    const queue: number[] = [];
    for (const [s, child] of edges[0]!) {
      this.next[s] = child;
      queue.push(child); // failure 0
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const fail = failure[state]!;
      const found = new Set([...ends[state]!, ...(this.groupsAt[fail] ?? [])]);
      if (found.size > 0) this.groupsAt[state] = [...found];
      const row = state * this.width;
      const failRow = fail * this.width;
      for (let s = 0; s < this.width; s++) this.next[row + s] = this.next[failRow + s]!;
      for (const [s, child] of edges[state]!) {
        failure[child] = this.next[failRow + s]!;
        this.next[row + s] = child;
        queue.push(child);
      }
    }
  }

  /** `result[i]` is 1 when a literal of group `i` occurs in `text`, else 0. */
  groupsIn(text: string): Uint8Array {
    const found = new Uint8Array(this.groups.length);
    const { next, symbols, width, groupsAt } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = next[state * width + symbols[text.charCodeAt(i)]!]!;
      const groups = groupsAt[state];
      if (groups !== undefined) for (const group of groups) found[group] = 1;
    }
    return found;
  }
}
