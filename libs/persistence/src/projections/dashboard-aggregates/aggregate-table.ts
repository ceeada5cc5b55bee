import type { EntityManager } from 'typeorm';
import { schemaOf } from '../../processed-events.js';
import { monthOf } from './utc-day.js';
import { quoteIdentifier } from '../../sql-identifier.js';

type KeyValue = string | number;

/** What one projection row adds to one row of an aggregate table. */
export interface Contribution {
  readonly key: readonly KeyValue[];
  readonly counts: readonly number[];
}

/**
 * A table of counters summed over a projection's rows, grouped by its key columns (the primary
 * key). It holds exactly the sum of `contributions` over the current rows, and no row whose
 * counters are all zero, so live processing and a replay in batches end in the same bytes.
 */
export interface AggregateTable<Row> {
  readonly table: string;
  readonly keys: readonly { readonly column: string; readonly type: string }[];
  readonly counters: readonly string[];
  contributions(row: Row): readonly Contribution[];
}

/**
 * The same counters by month (`month`, the first day of the month) instead of by day (the daily
 * table's first key, `day`): a long period reads its whole months here and only the days at its
 * two ends from the daily table, so a year costs a few thousand rows rather than every day's.
 */
export function monthlyRollup<Row>(daily: AggregateTable<Row>, table: string): AggregateTable<Row> {
  return {
    table,
    keys: [{ column: 'month', type: 'date' }, ...daily.keys.slice(1)],
    counters: daily.counters,
    contributions: (row) =>
      daily.contributions(row).map(({ key, counts }) => ({
        key: [monthOf(String(key[0])), ...key.slice(1)],
        counts,
      })),
  };
}

/** A projection row before a batch of events (null: it did not exist) and after it. */
export type RowChange<Row> = readonly [before: Row | null, after: Row];

interface Delta {
  key: readonly KeyValue[];
  counts: number[];
}

function deltasOf<Row>(
  aggregate: AggregateTable<Row>,
  changes: readonly RowChange<Row>[],
): Delta[] {
  const deltas = new Map<string, Delta>();
  const add = (row: Row, sign: 1 | -1) => {
    for (const { key, counts } of aggregate.contributions(row)) {
      const id = JSON.stringify(key);
      const delta = deltas.get(id) ?? { key, counts: counts.map(() => 0) };
      counts.forEach((n, i) => (delta.counts[i]! += sign * n));
      deltas.set(id, delta);
    }
  };
  for (const [before, after] of changes) {
    if (before) add(before, -1);
    add(after, 1);
  }
  return [...deltas.values()].filter((d) => d.counts.some((n) => n !== 0));
}

/** Statement parameters, each written as its placeholder with a cast. */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/**
 * Adds what a batch changed in the projection rows to the aggregates, in the caller's transaction
 * (the one that claims the events and writes the rows). One statement upserts every aggregate's
 * deltas (each key once, tables and keys always in the same order, so concurrent batches lock
 * shared rows in the same order) and reports the rows a decrease left at zero; only then does a
 * second statement remove those, as if they had never been written.
 */
export async function updateAggregates<Row>(
  manager: EntityManager,
  aggregates: readonly AggregateTable<Row>[],
  changes: readonly RowChange<Row>[],
): Promise<void> {
  const work = aggregates
    .map((aggregate) => ({ aggregate, deltas: deltasOf(aggregate, changes) }))
    .filter(({ deltas }) => deltas.length > 0);
  if (work.length === 0) return;
  const schema = schemaOf(manager.connection);
  const upserts = new Parameters();
  const emptied: { aggregate: number; row: Record<string, KeyValue> }[] = await manager.query(
    `WITH ${work
      .map(({ aggregate, deltas }, i) => {
        const keys = aggregate.keys.map((k) => quoteIdentifier(k.column));
        const counters = aggregate.counters.map(quoteIdentifier);
        const arrays = [
          ...aggregate.keys.map((k, j) =>
            upserts.add(
              deltas.map((d) => d.key[j]),
              `${k.type}[]`,
            ),
          ),
          ...aggregate.counters.map((_, j) =>
            upserts.add(
              deltas.map((d) => d.counts[j]),
              'integer[]',
            ),
          ),
        ];
        return `u${i} AS (
          INSERT INTO ${quoteIdentifier(schema)}.${quoteIdentifier(aggregate.table)} AS a (${[...keys, ...counters].join(', ')})
          SELECT * FROM unnest(${arrays.join(', ')}) ORDER BY ${keys.map((_, j) => j + 1).join(', ')}
          ON CONFLICT (${keys.join(', ')})
          DO UPDATE SET ${counters.map((c) => `${c} = a.${c} + EXCLUDED.${c}`).join(', ')}
          RETURNING ${keys.map((k) => `a.${k}`).join(', ')},
                    ${counters.map((c) => `a.${c} = 0`).join(' AND ')} AS emptied)`;
      })
      .join(', ')}
     ${work.map((_, i) => `SELECT ${i} AS aggregate, to_jsonb(u${i}) AS row FROM u${i} WHERE emptied`).join(' UNION ALL ')}`,
    upserts.values,
  );
  if (emptied.length === 0) return;
  const deletes = new Parameters();
  const statements = work.flatMap(({ aggregate }, i) => {
    const rows = emptied.filter((e) => e.aggregate === i).map((e) => e.row);
    if (rows.length === 0) return [];
    const keys = aggregate.keys.map((k) => quoteIdentifier(k.column));
    const arrays = aggregate.keys.map((k) =>
      deletes.add(
        rows.map((row) => row[k.column]),
        `${k.type}[]`,
      ),
    );
    // Still locked by the upsert above (this transaction's), so still zero.
    return [
      `d${i} AS (
        DELETE FROM ${quoteIdentifier(schema)}.${quoteIdentifier(aggregate.table)} AS a
         USING unnest(${arrays.join(', ')}) AS d(${keys.join(', ')})
         WHERE ${keys.map((k) => `a.${k} = d.${k}`).join(' AND ')}
           AND ${aggregate.counters.map((c) => `a.${quoteIdentifier(c)} = 0`).join(' AND ')})`,
    ];
  });
  await manager.query(`WITH ${statements.join(', ')} SELECT 1`, deletes.values);
}
