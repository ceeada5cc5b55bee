import { type Usearch, usearch } from './native-usearch.js';

/** How the HNSW graph is built and searched (usearch's names in brackets). */
export interface DenseAnnSettings {
  /** Links per node [connectivity]: more raise recall and build time. */
  readonly connectivity: number;
  /** Candidates kept while linking a new node [expansion_add]. */
  readonly expansionAdd: number;
  /** Fewest candidates kept while searching [expansion_search]; a search for more keeps more. */
  readonly expansionSearch: number;
}

/**
 * Approximate nearest neighbours of unit vectors (cosine), keyed by integer: an HNSW graph in
 * native memory. Vectors are stored as 8-bit integers (a quarter of float32): the graph only
 * proposes candidates, which the caller rescoring with its exact vectors puts in order.
 */
export class DenseAnn {
  private constructor(
    private readonly native: Usearch.Index,
    readonly dimensions: number,
  ) {}

  static create(dimensions: number, settings: DenseAnnSettings): DenseAnn {
    return new DenseAnn(DenseAnn.empty(dimensions, settings), dimensions);
  }

  /** The graph saved by {@link save}; throws when the file is not one of these dimensions. */
  static load(path: string, dimensions: number, settings: DenseAnnSettings): DenseAnn {
    const native = DenseAnn.empty(dimensions, settings);
    native.load(path);
    if (native.dimensions() !== dimensions) {
      throw new Error(`${path} holds ${native.dimensions()}-d vectors, not ${dimensions}-d`);
    }
    return new DenseAnn(native, dimensions);
  }

  private static empty(dimensions: number, settings: DenseAnnSettings): Usearch.Index {
    return new usearch.Index({
      dimensions,
      metric: usearch.MetricKind.Cos,
      quantization: usearch.ScalarKind.I8,
      connectivity: settings.connectivity,
      expansion_add: settings.expansionAdd,
      expansion_search: settings.expansionSearch,
      multi: false,
    });
  }

  /** Live vectors in the graph. */
  get size(): number {
    return this.native.size();
  }

  /** Links `vectors` (row i of a flat row-major matrix under `keys[i]`); keys must be new. */
  add(keys: readonly number[], vectors: Float32Array): void {
    if (keys.length === 0) return;
    // One thread: usearch 2.25's parallel add races while linking, and about one point in a
    // thousand ends up with no inbound link, so no search ever returns it (seen as flaky equality
    // between two builds of the same points). Linking alone takes 1.5-1.75x as long, missing none.
    this.native.add(BigUint64Array.from(keys, BigInt), vectors, 1);
  }

  remove(key: number): void {
    this.native.remove(BigInt(key));
  }

  /**
   * Keys of up to `count` nearest vectors, nearest first, from a search keeping `breadth`
   * candidates (usearch fixes expansion_search when the index is made; asking for `breadth`
   * results is how one search keeps more).
   */
  search(query: Float32Array, breadth: number, count: number): number[] {
    const { keys } = this.native.search(query, Math.max(breadth, count), 1);
    return Array.from(keys.subarray(0, count), Number);
  }

  /** Writes the graph and its vectors to `path` (synchronously: a consistent copy). */
  save(path: string): void {
    this.native.save(path);
  }
}
