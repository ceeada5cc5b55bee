import { ModelTimeout, ModelUnavailable, RerankerResponseInvalid } from '../errors.js';
import { HttpResponseTooLarge, JsonHttpClient } from '../http/json-http-client.js';
import { serverErrorText } from '../http/server-error-text.js';
import { slices, TeiBatchLimit } from '../tei/tei-batch-limit.js';
import type { TeiRerankRequest } from '../tei/tei-wire.js';
import { type CrossEncoder, normalizeScores, type RerankOptions } from './cross-encoder.js';

export interface TeiCrossEncoderOptions {
  /** The TEI host, e.g. `http://reranker:8080`; `/rerank` is appended. */
  baseUrl: string;
  /** Whole call (every request of a split batch, connect, answer and body), in ms. */
  timeoutMs?: number;
}

/**
 * Cross-encoder served by text-embeddings-inference (`POST /rerank`), e.g. a BGE reranker. TEI
 * refuses a request with more texts than its `max_client_batch_size` (413 on 1.8, 422 on 1.9, for
 * every call), so the texts go in slices of that size, read from `GET /info`, at once.
 */
export class TeiCrossEncoder implements CrossEncoder {
  private readonly where: string;
  private readonly timeoutMs: number;
  private readonly client: JsonHttpClient;
  private readonly limit: TeiBatchLimit;

  constructor(options: TeiCrossEncoderOptions) {
    this.where = `Reranker at ${options.baseUrl.replace(/\/+$/, '')}`;
    this.timeoutMs = options.timeoutMs ?? 1_500;
    // No retries: the reranker's wait is short and the caller fails open to its lexical gate.
    this.client = new JsonHttpClient({ baseUrl: options.baseUrl, maxRetries: 0 });
    this.limit = new TeiBatchLimit(this.client, Number.MAX_SAFE_INTEGER, this.timeoutMs);
  }

  async rerank(query: string, texts: string[], options: RerankOptions = {}): Promise<number[]> {
    if (texts.length === 0) return [];
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      return normalizeScores(await this.scoreAll(query, texts, signal));
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted)
        throw new ModelTimeout(
          `${this.where} did not answer within ${this.timeoutMs} ms`,
          this.timeoutMs,
          { cause: error },
        );
      if (error instanceof RerankerResponseInvalid || error instanceof ModelUnavailable)
        throw error;
      if (error instanceof HttpResponseTooLarge)
        throw new RerankerResponseInvalid(`${this.where}: ${error.message}`, { cause: error });
      const message = error instanceof Error ? error.message : String(error);
      throw new ModelUnavailable(`${this.where} is unreachable: ${message}`, undefined, {
        cause: error,
      });
    }
  }

  /** Scores in input order, one request per slice of the server's batch limit. */
  private async scoreAll(query: string, texts: string[], signal: AbortSignal): Promise<number[]> {
    const size = Math.min(await this.limit.get(signal), Math.max(texts.length, 1));
    const parts = await Promise.all(
      slices(texts, size).map((part) => this.scoreSlice(query, part, signal)),
    );
    return parts.flat();
  }

  private async scoreSlice(query: string, texts: string[], signal: AbortSignal): Promise<number[]> {
    const body: TeiRerankRequest = { query, texts, raw_scores: false, return_text: false };
    const answer = await this.client.post('/rerank', body, signal);
    if (answer.status >= 400) {
      const reason = serverErrorText(answer.text);
      // A limit lowered since `/info` was read (or never read): split again and go on.
      if ((answer.status === 413 || answer.status === 422) && this.limit.learnFrom(reason))
        return this.scoreAll(query, texts, signal);
      throw new ModelUnavailable(
        `${this.where} answered HTTP ${answer.status}: ${reason}`,
        answer.status,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch (error) {
      throw new RerankerResponseInvalid(
        `${this.where} answered with non-JSON: ${answer.text.slice(0, 200)}`,
        { cause: error },
      );
    }
    return scoresInInputOrder(parsed, texts.length);
  }
}

/** Strictly one `{index, score}` per text; returns the scores placed by index. */
export function scoresInInputOrder(response: unknown, expected: number): number[] {
  if (!Array.isArray(response))
    throw new RerankerResponseInvalid('Reranker response is not an array of {index, score}');
  if (response.length !== expected)
    throw new RerankerResponseInvalid(
      `Reranker returned ${response.length} scores for ${expected} texts`,
    );
  const scores = new Array<number | undefined>(expected);
  for (const rank of response as unknown[]) {
    const { index, score } = (rank ?? {}) as { index?: unknown; score?: unknown };
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expected)
      throw new RerankerResponseInvalid(
        `Reranker returned index ${JSON.stringify(index)} (expected an integer 0..${expected - 1})`,
      );
    if (scores[index] !== undefined)
      throw new RerankerResponseInvalid(`Reranker returned index ${index} twice`);
    if (typeof score !== 'number' || !Number.isFinite(score))
      throw new RerankerResponseInvalid(
        `Reranker returned score ${JSON.stringify(score)} for index ${index}`,
      );
    scores[index] = score;
  }
  return scores as number[];
}
