import type { DataSource } from 'typeorm';
import { schemaOf } from './processed-events.js';
import { quoteIdentifier } from './sql-identifier.js';

/**
 * Every row of a table in primary-key order, as canonical JSON text: two projections are equal
 * exactly when their dumps are byte-for-byte equal.
 */
export async function dumpTable(dataSource: DataSource, table: string): Promise<string> {
  const schema = schemaOf(dataSource);
  const keys: { column: string }[] = await dataSource.query(
    `SELECT a.attname AS column
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey, a.attnum)`,
    [`${quoteIdentifier(schema)}.${quoteIdentifier(table)}`],
  );
  const order = keys.map((k) => quoteIdentifier(k.column)).join(', ');
  const rows: { row: string }[] = await dataSource.query(
    `SELECT row_to_json(t)::text AS row FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)} t ORDER BY ${order}`,
  );
  return rows.map((r) => r.row).join('\n');
}
