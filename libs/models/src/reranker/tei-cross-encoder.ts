import { ModelTimeout, ModelUnavailable, RerankerResponseInvalid } from '../errors.js';
import { type CrossEncoder, normalizeScores, type RerankOptions } from './cross-encoder.js';
import type { TeiRerankRequest } from './tei-wire.js';

export interface TeiCrossEncoderOptions {
  /** The TEI host, e.g. `http://reranker:8080`; `/rerank` is appended. */
  baseUrl: string;
  /** Whole request (connect, answer and body), in ms. */
  timeoutMs?: number;
}

/** Cross-encoder served by text-embeddings-inference (`POST /rerank`), e.g. a BGE reranker. */
export class TeiCrossEncoder implements CrossEncoder {
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(options: TeiCrossEncoderOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/rerank`;
    this.timeoutMs = options.timeoutMs ?? 1_500;
  }

  async rerank(query: string, texts: string[], options: RerankOptions = {}): Promise<number[]> {
    if (texts.length === 0) return [];
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const body: TeiRerankRequest = { query, texts, raw_scores: false, return_text: false };
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted)
        throw new ModelTimeout(
          `Reranker at ${this.endpoint} did not answer within ${this.timeoutMs} ms`,
          this.timeoutMs,
          { cause: error },
        );
      const message = error instanceof Error ? error.message : String(error);
      throw new ModelUnavailable(
        `Reranker at ${this.endpoint} is unreachable: ${message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    if (status >= 400)
      throw new ModelUnavailable(
        `Reranker at ${this.endpoint} answered HTTP ${status}: ${text.slice(0, 200)}`,
        status,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new RerankerResponseInvalid(
        `Reranker at ${this.endpoint} answered with non-JSON: ${text.slice(0, 200)}`,
        { cause: error },
      );
    }
    return normalizeScores(scoresInInputOrder(parsed, texts.length));
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
