import { AppError } from '@support/platform/pure';

/** Stops the run with the line and what is wrong with it. */
export const invalidRow = (where: string, what: string): never => {
  throw new AppError('validation_failed', `${where}: ${what}`);
};

/**
 * The rows of a labelled JSONL set, each a JSON object with its own non-empty string `id`, with
 * where it stands (`questions line 3`), so a set's reader checks only its own fields.
 */
export function jsonlRows(
  text: string,
  source: string,
): { readonly row: Record<string, unknown>; readonly where: string }[] {
  const seen = new Set<string>();
  return text.split('\n').flatMap((line, index) => {
    if (!line.trim()) return [];
    const where = `${source} line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return invalidRow(where, 'not JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return invalidRow(where, 'not a JSON object');
    const row = value as Record<string, unknown>;
    if (typeof row.id !== 'string' || !row.id) invalidRow(where, '`id` must be a non-empty string');
    if (seen.has(row.id as string)) invalidRow(where, `duplicate id ${String(row.id)}`);
    seen.add(row.id as string);
    return [{ row, where }];
  });
}
