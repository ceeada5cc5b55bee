import { InvalidArgumentError } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { CUSTOMER_ID_MAX_CHARS } from '@support/contracts';
import { schemaNameProblem } from '@support/persistence/pure';

/**
 * Typed flag values for commander: each returns the parsed value or throws
 * InvalidArgumentError, which commander reports as "option '--x' argument 'y' is invalid. ..."
 * with exit status 2 (see program.ts).
 */
export function positiveInteger(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1)
    throw new InvalidArgumentError('a whole number above 0 is expected.');
  return value;
}

export function nonNegativeInteger(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value))
    throw new InvalidArgumentError('a whole number (0 or more) is expected.');
  return value;
}

export function unitInterval(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1)
    throw new InvalidArgumentError('a number from 0 to 1 is expected.');
  return value;
}

/** `1,50,200` -> [1, 50, 200]: each a whole number above 0. */
export function positiveIntegerList(raw: string): number[] {
  const parts = raw.split(',');
  if (parts.some((part) => !/^\s*\d+\s*$/.test(part) || Number(part) < 1))
    throw new InvalidArgumentError('a comma-separated list of whole numbers above 0 is expected.');
  return parts.map(Number);
}

export function isoTime(raw: string): Date {
  const time = new Date(raw);
  if (raw.trim() === '' || Number.isNaN(time.getTime()))
    throw new InvalidArgumentError('a time in ISO 8601 is expected, e.g. 2026-05-01T12:00:00Z.');
  return time;
}

/** The folder must exist: said before anything connects, never as a raw `ENOENT scandir`. */
export function existingFolder(raw: string): string {
  if (!existsSync(raw)) throw new InvalidArgumentError(`there is no folder "${raw}".`);
  if (!statSync(raw).isDirectory()) throw new InvalidArgumentError(`"${raw}" is not a folder.`);
  return raw;
}

export function existingFile(raw: string): string {
  if (!existsSync(raw)) throw new InvalidArgumentError(`there is no file "${raw}".`);
  if (!statSync(raw).isFile()) throw new InvalidArgumentError(`"${raw}" is not a file.`);
  return raw;
}

/** A schema to build projections in: checked here, before anything connects or runs SQL. */
export function schemaName(raw: string): string {
  const problem = schemaNameProblem(raw);
  if (problem !== null) throw new InvalidArgumentError(`${problem}.`);
  return raw;
}

/** A customer id as events carry it: 1–128 characters, not only spaces. */
export function customerId(raw: string): string {
  if (raw.trim() === '' || raw.length > CUSTOMER_ID_MAX_CHARS)
    throw new InvalidArgumentError(
      `a customer id of 1 to ${CUSTOMER_ID_MAX_CHARS} characters is expected.`,
    );
  return raw;
}
