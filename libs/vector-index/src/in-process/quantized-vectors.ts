import { usearch } from './native-usearch.js';

/**
 * 8-bit copies of a namespace's dense vectors, one row per slot, scanned whole by usearch's SIMD
 * kernels (`exactSearch`): a quarter of the bytes of float32, so 100k rows of 1024 dimensions take
 * about 7 ms on one core, where the float scan in JS took 110 ms. Each row is scaled so that its
 * largest component is ±127: cosine does not see the scale, and all 8 bits carry the direction.
 * The scan only proposes; the caller rescores its best rows with the exact vectors.
 */
export class QuantizedVectors {
  private rows = new Int8Array(0);

  constructor(readonly dimensions: number) {}

  /** Room for `capacity` rows, keeping the first `used`. */
  grow(capacity: number, used: number): void {
    const rows = new Int8Array(capacity * this.dimensions);
    rows.set(this.rows.subarray(0, used * this.dimensions));
    this.rows = rows;
  }

  set(slot: number, vector: ArrayLike<number>): void {
    quantizeInto(vector, this.rows, slot * this.dimensions);
  }

  /** A zero row: usearch puts it at cosine 0 from every query, and the caller skips dead slots. */
  clear(slot: number): void {
    this.rows.fill(0, slot * this.dimensions, (slot + 1) * this.dimensions);
  }

  /** Up to `count` of the first `used` rows, nearest `query` by 8-bit cosine first. */
  nearest(query: ArrayLike<number>, used: number, count: number): number[] {
    const wanted = Math.min(count, used);
    if (wanted === 0) return [];
    const { keys } = usearch.exactSearch(
      this.rows.subarray(0, used * this.dimensions),
      quantizeInto(query, new Int8Array(this.dimensions), 0),
      this.dimensions,
      wanted,
      usearch.MetricKind.Cos,
      1,
    ) as { keys: BigUint64Array };
    return Array.from(keys, Number);
  }
}

/** Writes `vector` scaled to ±127 at `offset` of `out` (in place: no copy per row); returns `out`. */
function quantizeInto(vector: ArrayLike<number>, out: Int8Array, offset: number): Int8Array {
  let largest = 0;
  for (let i = 0; i < vector.length; i += 1) largest = Math.max(largest, Math.abs(vector[i]!));
  const scale = largest === 0 ? 0 : 127 / largest;
  for (let i = 0; i < vector.length; i += 1) out[offset + i] = Math.round(vector[i]! * scale);
  return out;
}
