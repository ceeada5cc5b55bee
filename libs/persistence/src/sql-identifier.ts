import { AppError } from '@support/platform/pure';

/**
 * A schema name the projections may be built in: lowercase letters, digits and underscores, not
 * starting with a digit, at most 63 bytes (PostgreSQL's limit), spelled the same quoted or not.
 * PostgreSQL reserves `pg_` names and `information_schema` for itself.
 */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RESERVED = /^(?:pg_|information_schema$)/;

/** Why `name` cannot be a schema, or null when it can. */
export function schemaNameProblem(name: string): string | null {
  if (!SCHEMA_NAME.test(name))
    return 'a schema name is 1-63 lowercase letters, digits or underscores, not starting with a digit';
  if (RESERVED.test(name)) return 'pg_ names and information_schema belong to PostgreSQL';
  return null;
}

/** `name` if it is a valid schema name; otherwise `validation_failed`, before any SQL is built. */
export function checkedSchemaName(name: string): string {
  const problem = schemaNameProblem(name);
  if (problem !== null)
    throw new AppError('validation_failed', `Schema ${JSON.stringify(name)}: ${problem}`);
  return name;
}

/**
 * An identifier as SQL text: double-quoted, with any double quote doubled, so that no name can end
 * the identifier and start a statement of its own.
 */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
