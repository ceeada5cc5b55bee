import { RerankerResponseInvalid } from '../errors.js';
import { JsonHttpClient } from '../http/json-http-client.js';
import { TeiBatchLimit } from '../tei/tei-batch-limit.js';
import {
  LIMIT_LOWERED,
  postTeiJson,
  scoreInSlices,
  type TeiHost,
  withinTeiTimeout,
} from '../tei/tei-call.js';
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
  private readonly host: TeiHost;

  constructor(options: TeiCrossEncoderOptions) {
    const timeoutMs = options.timeoutMs ?? 1_500;
    // No retries: the reranker's wait is short and the caller fails open to its lexical gate.
    const client = new JsonHttpClient({ baseUrl: options.baseUrl, maxRetries: 0 });
    this.host = {
      where: `Reranker at ${options.baseUrl.replace(/\/+$/, '')}`,
      timeoutMs,
      client,
      limit: new TeiBatchLimit(client, Number.MAX_SAFE_INTEGER, timeoutMs),
      invalid: RerankerResponseInvalid,
    };
  }

  async rerank(query: string, texts: string[], options: RerankOptions = {}): Promise<number[]> {
    if (texts.length === 0) return [];
    return withinTeiTimeout(this.host, options.signal, async (signal) =>
      normalizeScores(
        await scoreInSlices(this.host, texts, signal, async (part) => {
          const body: TeiRerankRequest = {
            query,
            texts: [...part],
            raw_scores: false,
            return_text: false,
          };
          const answer = await postTeiJson(this.host, '/rerank', body, signal);
          return answer === LIMIT_LOWERED ? answer : scoresInInputOrder(answer, part.length);
        }),
      ),
    );
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
