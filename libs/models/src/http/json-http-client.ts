import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

export interface JsonHttpClientOptions {
  /** Base URL the request paths are appended to: `http://vllm:8000/v1`. */
  readonly baseUrl: string;
  /** Retries of a request that a server or the network says may pass later (see `retryable`). */
  readonly maxRetries?: number;
  /** Headers sent with every request (an `authorization`, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A body larger than this is refused rather than buffered. */
  readonly maxResponseBytes?: number;
}

/** The final answer to a request, retries done: any status, the body as text. */
export interface JsonHttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** The answer's body was larger than allowed: refused, not retried. */
export class HttpResponseTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HttpResponseTooLarge';
  }
}

/** A request failed on a connection reused from the pool, before any answer. */
class StaleConnection extends Error {
  constructor(readonly failure: unknown) {
    super('request failed on a reused connection', { cause: failure });
  }
}

const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
// The waits of the openai client, whose retries this replaces: 0.5 s doubling up to 8 s.
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * JSON over HTTP/1.1 with kept-alive connections, for the model servers on the turn's path. A turn
 * makes two chat calls; through `fetch` (undici, web streams, abort-signal plumbing) and the openai
 * client each cost about a millisecond of CPU more than the request itself, which on a model that
 * answers at once was the agent's largest single cost. Retries follow the openai client's rules:
 * connection errors, 408, 409, 429 and 5xx, waiting what `retry-after-ms` / `retry-after` ask or
 * backing off; the caller's signal bounds the whole call, waits included.
 */
export class JsonHttpClient {
  private readonly base: string;
  private readonly transport: typeof http | typeof https;
  private readonly agent: http.Agent;
  private readonly maxRetries: number;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly maxResponseBytes: number;

  constructor(options: JsonHttpClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.transport = new URL(this.base).protocol === 'https:' ? https : http;
    this.agent = new this.transport.Agent({ keepAlive: true });
    this.maxRetries = options.maxRetries ?? 1;
    this.headers = options.headers ?? {};
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /**
   * POSTs `body` as JSON and resolves with the last answer, whatever its status. Rejects with the
   * signal's reason once it aborts, with the network error when retries are spent, or with
   * {@link HttpResponseTooLarge}.
   */
  async post(path: string, body: unknown, signal: AbortSignal): Promise<JsonHttpResponse> {
    return this.request('POST', path, Buffer.from(JSON.stringify(body)), signal);
  }

  /** GETs `path` (a server's `/info`, `/v1/models`), with the same retries as {@link post}. */
  async get(path: string, signal: AbortSignal): Promise<JsonHttpResponse> {
    return this.request('GET', path, null, signal);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    payload: Buffer | null,
    signal: AbortSignal,
  ): Promise<JsonHttpResponse> {
    let staleRetried = false;
    for (let attempt = 0; ;) {
      signal.throwIfAborted();
      let response: JsonHttpResponse;
      try {
        response = await this.send(method, path, payload, signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        // A kept-alive connection the server closed while idle fails the request written on it
        // before any answer: that is no failure of the server, so it is sent again at once.
        if (error instanceof StaleConnection && !staleRetried) {
          staleRetried = true;
          continue;
        }
        const cause = error instanceof StaleConnection ? error.failure : error;
        if (attempt >= this.maxRetries || cause instanceof HttpResponseTooLarge) throw cause;
        await pause(backoffMs(attempt), signal);
        attempt += 1;
        continue;
      }
      if (attempt >= this.maxRetries || !retryable(response.status)) return response;
      await pause(retryAfterMs(response.headers) ?? backoffMs(attempt), signal);
      attempt += 1;
    }
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  private send(
    method: 'GET' | 'POST',
    path: string,
    payload: Buffer | null,
    signal: AbortSignal,
  ): Promise<JsonHttpResponse> {
    return new Promise((resolve, reject) => {
      const request = this.transport.request(
        `${this.base}${path}`,
        {
          method,
          agent: this.agent,
          signal,
          headers: {
            ...this.headers,
            accept: 'application/json',
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': payload.length }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= this.maxResponseBytes) chunks.push(chunk);
            else
              response.destroy(
                new HttpResponseTooLarge(
                  `${`${this.base}${path}`} answered more than ${this.maxResponseBytes} bytes`,
                ),
              );
          });
          // The body refused, or the connection broken mid-body (retried as a network error).
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks, size).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', (error) =>
        reject(request.reusedSocket ? new StaleConnection(error) : error),
      );
      request.end(payload ?? undefined);
    });
  }
}

/** What the openai client retries: a timeout, a conflict, a rate limit, a server error. */
function retryable(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function backoffMs(attempt: number): number {
  const full = Math.min(FIRST_BACKOFF_MS * 2 ** attempt, MAX_BACKOFF_MS);
  return full * (1 - Math.random() * 0.25);
}

/** The wait a server asks for, in ms (`retry-after-ms`, or `retry-after` in seconds or as a date). */
function retryAfterMs(headers: IncomingHttpHeaders): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0)
    return Math.min(ms, MAX_RETRY_AFTER_MS);
  const after = headers['retry-after'];
  if (after === undefined) return undefined;
  const seconds = Number(after);
  const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
  return Number.isFinite(wait) && wait >= 0 ? Math.min(wait, MAX_RETRY_AFTER_MS) : undefined;
}

/** Waits `ms`; rejects with the signal's own reason if it aborts meanwhile. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => {
    throw signal.reason;
  });
}
