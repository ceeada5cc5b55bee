import {
  type ModelError,
  ModelInvalidResponse,
  ModelTimeout,
  ModelUnavailable,
} from '../errors.js';
import { HttpResponseTooLarge } from './json-http-client.js';

/**
 * What a request to a model server that got no answer means: our deadline ran out, the body was
 * refused for its size (an invalid response, of the kind `invalid` makes), or no server answered.
 */
export function noAnswer(
  where: string,
  failure: { error: unknown; timedOut: boolean; timeoutMs: number },
  invalid: (message: string, options: { cause: unknown }) => ModelError = (message, options) =>
    new ModelInvalidResponse(message, options),
): ModelError {
  const { error } = failure;
  if (failure.timedOut)
    return new ModelTimeout(
      `${where} did not answer within ${failure.timeoutMs} ms`,
      failure.timeoutMs,
      {
        cause: error,
      },
    );
  if (error instanceof HttpResponseTooLarge)
    return invalid(`${where}: ${error.message}`, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new ModelUnavailable(`${where} is unavailable: ${message}`, undefined, { cause: error });
}
