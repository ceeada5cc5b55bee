import { ModelInvalidResponse, ModelMismatch } from '../errors.js';
import { JsonHttpClient } from '../http/json-http-client.js';
import { readTeiInfo, TeiBatchLimit, type TeiInfo } from '../tei/tei-batch-limit.js';
import {
  LIMIT_LOWERED,
  postTeiJson,
  scoreInSlices,
  type TeiHost,
  withinTeiTimeout,
} from '../tei/tei-call.js';
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
  private readonly host: TeiHost;
  private readonly label: string;
  private verified: Promise<TeiInfo> | null = null;

  constructor(options: TeiSupportJudgeOptions) {
    const timeoutMs = options.timeoutMs ?? 2_000;
    // No retries: a customer waits on it, and without an answer the reply goes to a person.
    const client = new JsonHttpClient({ baseUrl: options.baseUrl, maxRetries: 0 });
    this.host = {
      where: `Support judge at ${options.baseUrl.replace(/\/+$/, '')}`,
      timeoutMs,
      client,
      limit: new TeiBatchLimit(client, Number.MAX_SAFE_INTEGER, timeoutMs),
      invalid: ModelInvalidResponse,
    };
    this.label = options.entailmentLabel ?? DEFAULT_ENTAILMENT_LABEL;
  }

  /**
   * What the server serves, once it proved to be a classifier with the entailment label (read
   * once, again after a failure). Rejects with {@link ModelMismatch} when it is not.
   */
  verify(options: EntailmentOptions = {}): Promise<TeiInfo> {
    return withinTeiTimeout(this.host, options.signal, (signal) => this.verifiedInfo(signal));
  }

  entailment(pairs: readonly EntailmentPair[], options: EntailmentOptions = {}): Promise<number[]> {
    if (pairs.length === 0) return Promise.resolve([]);
    return withinTeiTimeout(this.host, options.signal, async (signal) => {
      await this.verifiedInfo(signal);
      return scoreInSlices(this.host, pairs, signal, async (part) => {
        const body: TeiPredictRequest = {
          inputs: part.map((pair) => [pair.premise, pair.hypothesis]),
          raw_scores: false,
          truncate: true,
        };
        const answer = await postTeiJson(this.host, '/predict', body, signal);
        return answer === LIMIT_LOWERED
          ? answer
          : entailmentScores(answer, part.length, this.label);
      });
    });
  }

  private verifiedInfo(signal: AbortSignal): Promise<TeiInfo> {
    this.verified ??= this.readInfo(signal).catch((error: unknown) => {
      this.verified = null;
      throw error;
    });
    return this.verified;
  }

  private async readInfo(signal: AbortSignal): Promise<TeiInfo> {
    const info = await readTeiInfo(this.host.client, signal);
    if (info === null)
      throw new ModelMismatch(`${this.host.where} has no GET /info: not text-embeddings-inference`);
    if (info.modelType !== 'classifier')
      throw new ModelMismatch(
        `${this.host.where} serves ${info.modelId}, a ${info.modelType} model, not a classifier`,
      );
    if (!info.labels.some((label) => sameLabel(label, this.label)))
      throw new ModelMismatch(
        `${this.host.where} serves ${info.modelId}, whose labels (${info.labels.join(', ')}) have no "${this.label}"`,
      );
    return info;
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
