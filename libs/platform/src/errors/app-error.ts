import { isDependencyOutage } from './dependency-outage.js';
import { ERROR_POLICY, type ErrorCode } from './error-codes.js';

/** An error with a stable string code; its handling everywhere is looked up in ERROR_POLICY. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }

  get policy() {
    return ERROR_POLICY[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The stable code of any thrown value: AppErrors keep theirs; an error that means a dependency is
 * down (a refused Postgres connection, an unreachable model server), or an `internal` AppError
 * wrapping one, is `dependency_unavailable`; other errors that carry a known `code` (contract
 * violations) keep it; anything else is a transient `internal` error.
 */
export function codeOf(error: unknown): ErrorCode {
  if (error instanceof AppError && error.code !== 'internal') return error.code;
  if (isDependencyOutage(error)) return 'dependency_unavailable';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in ERROR_POLICY ? (code as ErrorCode) : 'internal';
}

/**
 * What an edge may tell a client about a failure. An internal error or a dependency's error names
 * hosts, ports and queries, so the client gets a fixed sentence for those instead.
 */
export function publicMessageOf(error: unknown): string {
  const code = codeOf(error);
  if (code === 'internal') return 'Something went wrong on our side';
  if (code === 'dependency_unavailable')
    return 'A service we depend on is unavailable; try again shortly';
  return error instanceof Error ? error.message : String(error);
}

export function policyOf(error: unknown) {
  return ERROR_POLICY[codeOf(error)];
}
