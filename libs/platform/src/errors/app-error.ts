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

/** The policy for any thrown value: unknown errors are treated as transient internal errors. */
export function policyOf(error: unknown) {
  return isAppError(error) ? error.policy : ERROR_POLICY.internal;
}

export function codeOf(error: unknown): ErrorCode {
  return isAppError(error) ? error.code : 'internal';
}
