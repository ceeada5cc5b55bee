import { ModelInvalidResponse, ModelMismatch, ModelTimeout, ModelUnavailable } from '../errors.js';
import { HttpResponseTooLarge, JsonHttpClient } from '../http/json-http-client.js';
import { serverErrorText } from '../http/server-error-text.js';
import { readTeiInfo, slices, TeiBatchLimit, type TeiInfo } from '../tei/tei-batch-limit.js';
import type { TeiPredictRequest } from '../tei/tei-wire.js';
import type { EntailmentOptions, EntailmentPair, SupportJudge } from './support-judge.js';

export interface TeiSupportJudgeOptions {
  /** The TEI host, e.g. `http://support-judge:8080`; `/predict` and `/info` are appended. */
  baseUrl: string;
  /** Whole call (reading `/info` the first time, every request of a split batch), in ms. */
  timeoutMs?: number;
  /** The classifier's label (`id2label`) for "the premise entails the hypothesis". */
  entailmentLabel?: string;
}

export const DEFAULT_ENTAILMENT_LABEL = 'entailment';

/**
 * An NLI cross-encoder served by text-embeddings-inference as a sequence classifier
 * (`POST /predict` with (premise, hypothesis) pairs), e.g.
 * `MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7`. Each pair's score is the softmaxed
 * probability of the entailment label. `GET /info` is read before the first prediction: a server
 * that serves no classifier with that label is refused ({@link ModelMismatch}), for a reranker's
 * or another classifier's scores would be read as entailment. Pairs go in slices of the server's
 * `max_client_batch_size`, at once, as {@link TeiCrossEncoder} sends its texts.
 */
export class TeiSupportJudge implements SupportJudge {
  private readonly where: string;
  private readonly timeoutMs: number;
  private readonly label: string;
  private readonly client: JsonHttpClient;
  private readonly limit: TeiBatchLimit;
  private verified: Promise<TeiInfo> | null = null;

  constructor(options: TeiSupportJudgeOptions) {
    this.where = `Support judge at ${options.baseUrl.replace(/\/+$/, '')}`;
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.label = options.entailmentLabel ?? DEFAULT_ENTAILMENT_LABEL;
    // No retries: a customer waits on it, and without an answer the reply goes to a person.
    this.client = new JsonHttpClient({ baseUrl: options.baseUrl, maxRetries: 0 });
    this.limit = new TeiBatchLimit(this.client, Number.MAX_SAFE_INTEGER, this.timeoutMs);
  }

  /**
   * What the server serves, once it proved to be a classifier with the entailment label (read
   * once, again after a failure). Rejects with {@link ModelMismatch} when it is not.
   */
  verify(options: EntailmentOptions = {}): Promise<TeiInfo> {
    return this.guarded(options, (signal) => this.verifiedInfo(signal));
  }

  entailment(pairs: readonly EntailmentPair[], options: EntailmentOptions = {}): Promise<number[]> {
    if (pairs.length === 0) return Promise.resolve([]);
    return this.guarded(options, async (signal) => {
      await this.verifiedInfo(signal);
      return this.scoreAll(pairs, signal);
    });
  }

  private verifiedInfo(signal: AbortSignal): Promise<TeiInfo> {
    this.verified ??= this.readInfo(signal).catch((error: unknown) => {
      this.verified = null;
      throw error;
    });
    return this.verified;
  }

  /** `work` within the timeout and the caller's signal, its failures as model errors. */
  private async guarded<T>(
    options: EntailmentOptions,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      return await work(signal);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted)
        throw new ModelTimeout(
          `${this.where} did not answer within ${this.timeoutMs} ms`,
          this.timeoutMs,
          { cause: error },
        );
      if (error instanceof ModelInvalidResponse || error instanceof ModelUnavailable) throw error;
      if (error instanceof HttpResponseTooLarge)
        throw new ModelInvalidResponse(`${this.where}: ${error.message}`, { cause: error });
      const message = error instanceof Error ? error.message : String(error);
      throw new ModelUnavailable(`${this.where} is unreachable: ${message}`, undefined, {
        cause: error,
      });
    }
  }

  private async readInfo(signal: AbortSignal): Promise<TeiInfo> {
    const info = await readTeiInfo(this.client, signal);
    if (info === null)
      throw new ModelMismatch(`${this.where} has no GET /info: not text-embeddings-inference`);
    if (info.modelType !== 'classifier')
      throw new ModelMismatch(
        `${this.where} serves ${info.modelId}, a ${info.modelType} model, not a classifier`,
      );
    if (!info.labels.some((label) => sameLabel(label, this.label)))
      throw new ModelMismatch(
        `${this.where} serves ${info.modelId}, whose labels (${info.labels.join(', ')}) have no "${this.label}"`,
      );
    return info;
  }

  /** Scores in input order, one request per slice of the server's batch limit. */
  private async scoreAll(pairs: readonly EntailmentPair[], signal: AbortSignal): Promise<number[]> {
    const size = Math.min(await this.limit.get(signal), pairs.length);
    const parts = await Promise.all(
      slices(pairs, size).map((part) => this.scoreSlice(part, signal)),
    );
    return parts.flat();
  }

  private async scoreSlice(
    pairs: readonly EntailmentPair[],
    signal: AbortSignal,
  ): Promise<number[]> {
    const body: TeiPredictRequest = {
      inputs: pairs.map((pair) => [pair.premise, pair.hypothesis]),
      raw_scores: false,
      truncate: true,
    };
    const answer = await this.client.post('/predict', body, signal);
    if (answer.status >= 400) {
      const reason = serverErrorText(answer.text);
      // A limit lowered since `/info` was read: split again and go on.
      if ((answer.status === 413 || answer.status === 422) && this.limit.learnFrom(reason))
        return this.scoreAll(pairs, signal);
      throw new ModelUnavailable(
        `${this.where} answered HTTP ${answer.status}: ${reason}`,
        answer.status,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch (error) {
      throw new ModelInvalidResponse(
        `${this.where} answered with non-JSON: ${answer.text.slice(0, 200)}`,
        { cause: error },
      );
    }
    return entailmentScores(parsed, pairs.length, this.label);
  }
}

function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Strictly one array of `{label, score}` per pair; returns each one's score of `label`. */
export function entailmentScores(response: unknown, expected: number, label: string): number[] {
  if (!Array.isArray(response))
    throw new ModelInvalidResponse('Support judge response is not an array of predictions');
  if (response.length !== expected)
    throw new ModelInvalidResponse(
      `Support judge returned ${response.length} predictions for ${expected} pairs`,
    );
  return response.map((predictions: unknown, index) => {
    const entry = Array.isArray(predictions)
      ? (predictions as unknown[]).find(
          (p) =>
            typeof (p as { label?: unknown })?.label === 'string' &&
            sameLabel((p as { label: string }).label, label),
        )
      : undefined;
    if (entry === undefined)
      throw new ModelInvalidResponse(
        `Support judge returned no "${label}" score for pair ${index}`,
      );
    const { score } = entry as { score?: unknown };
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
      throw new ModelInvalidResponse(
        `Support judge returned "${label}" score ${JSON.stringify(score)} for pair ${index} (expected a probability)`,
      );
    return score;
  });
}
