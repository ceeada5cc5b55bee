import type { EntityManager, EntitySchema, ValueTransformer } from 'typeorm';
import { schemaOf } from '../processed-events.js';
import { quoteIdentifier } from '../sql-identifier.js';

/** Column types the projections use; each is read from the rows' JSON by Postgres. */
const COLUMN_TYPES = new Set([
  'text',
  'int',
  'integer',
  'bigint',
  'boolean',
  'timestamptz',
  'jsonb',
]);
const ROWS_PER_STATEMENT = 5_000;

interface UpsertPlan {
  readonly sql: string;
  /** A row as the statement reads it: each column's value as its transformer sends it. */
  readonly toJson: (row: Record<string, unknown>) => Record<string, unknown>;
}

const plans = new WeakMap<object, Map<string, UpsertPlan>>();

function toDatabase(
  transformer: ValueTransformer | ValueTransformer[] | undefined,
  value: unknown,
) {
  if (!transformer) return value;
  const chain = Array.isArray(transformer) ? transformer : [transformer];
  return chain.reduce((current, t) => t.to(current) as unknown, value);
}

function planFor(manager: EntityManager, entity: EntitySchema): UpsertPlan {
  const schema = schemaOf(manager.connection);
  const bySchema = plans.get(entity) ?? new Map<string, UpsertPlan>();
  plans.set(entity, bySchema);
  const known = bySchema.get(schema);
  if (known) return known;

  const metadata = manager.connection.getMetadata(entity);
  const columns = metadata.columns.map((column) => {
    const type = String(column.type);
    if (!COLUMN_TYPES.has(type))
      throw new Error(`upsertRows: column ${metadata.tableName}.${column.databaseName} is ${type}`);
    return { column, type };
  });
  const names = columns.map(({ column }) => quoteIdentifier(column.databaseName));
  const keys = columns.filter(({ column }) => column.isPrimary).map(({ column }) => column);
  const updates = columns
    .filter(({ column }) => !column.isPrimary)
    .map(
      ({ column }) =>
        `${quoteIdentifier(column.databaseName)} = EXCLUDED.${quoteIdentifier(column.databaseName)}`,
    );
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  // jsonb reads a row's fields by binary search, each value parsed once with the whole text;
  // a JSON null is SQL NULL, as the ORM writes a null jsonb column.
  const valueOf = ({ column, type }: (typeof columns)[number]) => {
    const field = literal(column.propertyName);
    if (type === 'jsonb') return `NULLIF(r -> ${field}, 'null')`;
    if (type === 'text') return `r ->> ${field}`;
    return `(r ->> ${field})::${type}`;
  };
  const plan: UpsertPlan = {
    sql:
      `INSERT INTO ${quoteIdentifier(schema)}.${quoteIdentifier(metadata.tableName)} (${names.join(', ')}) ` +
      `SELECT ${columns.map(valueOf).join(', ')} FROM jsonb_array_elements($1::jsonb) AS r ` +
      `ON CONFLICT (${keys.map((k) => quoteIdentifier(k.databaseName)).join(', ')}) ` +
      (updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING'),
    toJson: (row) => {
      const json: Record<string, unknown> = {};
      for (const { column } of columns)
        json[column.propertyName] =
          toDatabase(column.transformer, row[column.propertyName]) ?? null;
      return json;
    },
  };
  bySchema.set(schema, plan);
  return plan;
}

/**
 * Inserts or replaces whole rows of an entity, up to 5,000 rows a statement, all sent as one JSON
 * text that Postgres parses once (`jsonb_array_elements`) and reads into typed columns: no
 * parameter per value as an ORM's `VALUES` list has, and no escaping of JSON inside array
 * literals. Values go through the columns' transformers as the ORM would send them; the rows must
 * have distinct primary keys.
 */
export async function upsertRows<T extends object>(
  manager: EntityManager,
  entity: EntitySchema<T>,
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  const plan = planFor(manager, entity as EntitySchema);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    await manager.query(plan.sql, [JSON.stringify(chunk.map(plan.toJson))]);
  }
}
