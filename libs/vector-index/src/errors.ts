import { AppError } from '@support/platform/pure';

/** The namespace's collection does not exist: `ensureCollection` was never called for it. */
export class CollectionNotFound extends AppError {
  constructor(
    readonly namespace: string,
    options?: { cause?: unknown },
  ) {
    super('not_found', `Vector collection ${namespace} does not exist`, options);
    this.name = 'CollectionNotFound';
  }
}

/** A request the index refuses whatever its state: fix the caller, retrying cannot help. */
export class InvalidIndexInput extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('validation_failed', message, options);
    this.name = 'InvalidIndexInput';
  }
}

/** The collection exists with a configuration this code cannot use (another dense size). */
export class CollectionConfigMismatch extends AppError {
  constructor(
    readonly namespace: string,
    message: string,
  ) {
    super('config_invalid', `Vector collection ${namespace}: ${message}`);
    this.name = 'CollectionConfigMismatch';
  }
}

/** The engine did not answer as expected (down, timed out, disk error): transient, retry. */
export class VectorIndexUnavailable extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal', message, options);
    this.name = 'VectorIndexUnavailable';
  }
}

export function isCollectionNotFound(error: unknown): error is CollectionNotFound {
  return error instanceof CollectionNotFound;
}
