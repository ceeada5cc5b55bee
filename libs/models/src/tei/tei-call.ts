import { type ModelInvalidResponse, ModelTimeout, ModelUnavailable } from '../errors.js';
import { HttpResponseTooLarge, type JsonHttpClient } from '../http/json-http-client.js';
import { serverErrorText } from '../http/server-error-text.js';
import { slices, type TeiBatchLimit } from './tei-batch-limit.js';

/** What one adapter of a text-embeddings-inference host calls it with. */
export interface TeiHost {
  /** How errors name the host ("Reranker at http://reranker:8080"). */
  readonly where: string;
  readonly timeoutMs: number;
  readonly client: JsonHttpClient;
  readonly limit: TeiBatchLimit;
  /** The error of an answer that cannot be read; thrown as it is when the work throws one. */
  readonly invalid: new (message: string, options?: { cause?: unknown }) => ModelInvalidResponse;
}

/**
 * `work` within the host's timeout and the caller's signal, its failures as model errors: the
 * caller's abort as its reason, the timeout as {@link ModelTimeout}, an unreadable answer as the
 * host's `invalid` error, anything else as {@link ModelUnavailable}.
 */
export async function withinTeiTimeout<T>(
  host: TeiHost,
  callerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(host.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
  try {
    return await work(signal);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timeout.aborted)
      throw new ModelTimeout(
        `${host.where} did not answer within ${host.timeoutMs} ms`,
        host.timeoutMs,
        { cause: error },
      );
    if (error instanceof host.invalid || error instanceof ModelUnavailable) throw error;
    if (error instanceof HttpResponseTooLarge)
      throw new host.invalid(`${host.where}: ${error.message}`, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    throw new ModelUnavailable(`${host.where} is unreachable: ${message}`, undefined, {
      cause: error,
    });
  }
}

/** A refusal that lowered the host's batch limit: split the inputs again and send them again. */
export const LIMIT_LOWERED = Symbol('limit lowered');

/**
 * The JSON a TEI route answers `body` with. TEI refuses a batch over its limit (413 on 1.8, 422 on
 * 1.9); a limit lowered since `/info` was read gives {@link LIMIT_LOWERED}.
 */
export async function postTeiJson(
  host: TeiHost,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  const answer = await host.client.post(path, body, signal);
  if (answer.status >= 400) {
    const reason = serverErrorText(answer.text);
    if ((answer.status === 413 || answer.status === 422) && host.limit.learnFrom(reason))
      return LIMIT_LOWERED;
    throw new ModelUnavailable(
      `${host.where} answered HTTP ${answer.status}: ${reason}`,
      answer.status,
    );
  }
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw new host.invalid(`${host.where} answered with non-JSON: ${answer.text.slice(0, 200)}`, {
      cause: error,
    });
  }
}

/**
 * Scores in input order, one request per slice of the host's batch limit, all at once; a slice
 * whose request lowered the limit ({@link LIMIT_LOWERED}) is split again and sent again.
 */
export async function scoreInSlices<I>(
  host: TeiHost,
  inputs: readonly I[],
  signal: AbortSignal,
  scoreSlice: (slice: readonly I[]) => Promise<number[] | typeof LIMIT_LOWERED>,
): Promise<number[]> {
  const size = Math.min(await host.limit.get(signal), Math.max(inputs.length, 1));
  const parts = await Promise.all(
    slices(inputs, size).map(async (part) => {
      const scored = await scoreSlice(part);
      return scored === LIMIT_LOWERED ? scoreInSlices(host, part, signal, scoreSlice) : scored;
    }),
  );
  return parts.flat();
}
