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
 * The stable code of any thrown value: AppErrors and other errors that carry a known `code`
 * (contract violations) keep theirs; anything else is a transient `internal` error.
 */
export function codeOf(error: unknown): ErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in ERROR_POLICY ? (code as ErrorCode) : 'internal';
}

export function policyOf(error: unknown) {
  return ERROR_POLICY[codeOf(error)];
}
