/** Stable codes for every failure of a model server, whatever the adapter. */
export type ModelErrorCode = 'model_unavailable' | 'model_timeout' | 'model_invalid_response';

/** Base of the model errors: callers branch on `code` (or `isModelError`), never on messages. */
export abstract class ModelError extends Error {
  abstract readonly code: ModelErrorCode;
}

/** The server could not be reached or answered with an HTTP error (`status` when there was one). */
export class ModelUnavailable extends ModelError {
  readonly code = 'model_unavailable';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelUnavailable';
  }
}

/** The server did not answer within the configured time. */
export class ModelTimeout extends ModelError {
  readonly code = 'model_timeout';
  constructor(
    message: string,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelTimeout';
  }
}

/** The server answered, but with something that breaks the wire contract. */
export class ModelInvalidResponse extends ModelError {
  readonly code = 'model_invalid_response';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelInvalidResponse';
  }
}

/** An embeddings response with missing, duplicated or wrongly sized vectors. */
export class EmbeddingsResponseInvalid extends ModelInvalidResponse {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingsResponseInvalid';
  }
}

/** A rerank response that is not exactly one finite score per text. */
export class RerankerResponseInvalid extends ModelInvalidResponse {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RerankerResponseInvalid';
  }
}

export function isModelError(error: unknown): error is ModelError {
  return error instanceof ModelError;
}

/**
 * A server that does not serve what the adapter needs (`GET /info` names another kind of model, or
 * a classifier without the label asked for): no later call would do better, so it is refused.
 */
export class ModelMismatch extends ModelInvalidResponse {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelMismatch';
  }
}
