import { APIConnectionTimeoutError, APIError } from 'openai';
import { isModelError, type ModelError, ModelTimeout, ModelUnavailable } from './errors.js';

/**
 * What an OpenAI-client failure means for the caller: a timeout (ours or the client's), an HTTP
 * error with its status, or the server being unavailable. `specific` names the errors one client
 * reads differently; it is asked only once the timeout and HTTP cases are ruled out.
 */
export function toModelError(
  error: unknown,
  failure: { where: string; timeoutMs: number; timedOut: boolean },
  specific: (error: unknown) => ModelError | undefined = () => undefined,
): ModelError {
  if (isModelError(error)) return error;
  const { where, timeoutMs } = failure;
  if (failure.timedOut || error instanceof APIConnectionTimeoutError)
    return new ModelTimeout(`${where} did not answer within ${timeoutMs} ms`, timeoutMs, {
      cause: error,
    });
  if (error instanceof APIError && error.status !== undefined)
    return new ModelUnavailable(
      `${where} answered HTTP ${error.status}: ${error.message}`,
      error.status,
      { cause: error },
    );
  const known = specific(error);
  if (known) return known;
  const message = error instanceof Error ? error.message : String(error);
  return new ModelUnavailable(`${where} is unavailable: ${message}`, undefined, { cause: error });
}
