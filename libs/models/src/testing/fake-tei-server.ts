import type {
  TeiPrediction,
  TeiPredictRequest,
  TeiRank,
  TeiRerankRequest,
} from '../tei/tei-wire.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen, sendJson } from './http-fixture.js';
import { NLI_LABELS, OVER_LIMIT_STATUS, overLimitMessage, teiInfo } from './tei-fixture.js';

export type FakeTeiBehaviour =
  /** Scores in [0, 1] from word overlap, sorted highest first as TEI sorts them. */
  | 'ok'
  /** The same ranking as raw logits (outside [0, 1]). */
  | 'logits'
  /** Accept the request and never answer. */
  | 'hang'
  /** HTTP 424 with TEI's error body (`ErrorType::Backend`). */
  | 'error'
  /** HTTP 200 with a body that is not JSON. */
  | 'garbage'
  /** One score fewer than texts. */
  | 'wrong-count'
  /** Every entry claims index 0. */
  | 'duplicate-index';

export interface FakeTeiServerOptions {
  behaviour?: FakeTeiBehaviour;
  /** The model `GET /info` names (default the design's BGE reranker, or NLI model for a classifier). */
  modelId?: string;
  /** What `GET /info` says is served: a reranker (`/rerank`) or a classifier (`/predict`). */
  modelType?: 'reranker' | 'classifier';
  /** A classifier's labels in id order ({@link NLI_LABELS} by default); the first is scripted. */
  labels?: readonly string[];
  /** `--max-client-batch-size`: more texts in one request are refused (TEI's default, 32). */
  maxClientBatchSize?: number;
}

/**
 * A local server speaking text-embeddings-inference 1.8's reranker and classifier routes
 * (`GET /info`, `POST /rerank`, `POST /predict`, its batch limit and error bodies,
 * `tei-fixture.ts`), told how to behave through `behaviour`. Every accepted request body is
 * recorded. A classifier's scores are scripted per (premise, hypothesis) pair.
 */
export class FakeTeiServer {
  readonly requests: TeiRerankRequest[] = [];
  readonly predictRequests: TeiPredictRequest[] = [];
  behaviour: FakeTeiBehaviour;
  /** `--max-client-batch-size`; may be changed while running (a restarted server). */
  maxClientBatchSize: number;
  /** Requests refused for their size. */
  refusedForSize = 0;

  private server!: Listening;
  private readonly scripted = new Map<string, number>();
  /**
   * The probability of the first label (entailment) `POST /predict` gives a pair: the one
   * {@link scriptEntailment} set, else 0 (neutral). A test may put its own rule here.
   */
  entailmentOf: (premise: string, hypothesis: string) => number = (premise, hypothesis) =>
    this.scripted.get(pairKey(premise, hypothesis)) ?? 0;

  private constructor(
    behaviour: FakeTeiBehaviour,
    maxClientBatchSize: number,
    private readonly modelId: string,
    private readonly modelType: 'reranker' | 'classifier',
    private readonly labels: readonly string[],
  ) {
    this.behaviour = behaviour;
    this.maxClientBatchSize = maxClientBatchSize;
  }

  static async start(options: FakeTeiServerOptions = {}): Promise<FakeTeiServer> {
    const classifier = options.modelType === 'classifier';
    const fake = new FakeTeiServer(
      options.behaviour ?? 'ok',
      options.maxClientBatchSize ?? 32,
      options.modelId ??
        (classifier
          ? 'MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7'
          : 'BAAI/bge-reranker-v2-m3'),
      options.modelType ?? 'reranker',
      options.labels ?? NLI_LABELS,
    );
    fake.server = await listen((request, body, response) => fake.handle(request, body, response));
    return fake;
  }

  /** Base URL of the server (no trailing slash). */
  get url(): string {
    return this.server.origin;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The probability of the first label (entailment) for this pair; the other labels share the rest. */
  scriptEntailment(premise: string, hypothesis: string, score: number): void {
    this.scripted.set(pairKey(premise, hypothesis), score);
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    if (request.method === 'GET' && request.url === '/info')
      return sendJson(
        response,
        200,
        teiInfo(this.modelId, this.modelType, this.maxClientBatchSize, this.labels),
      );
    if (request.method === 'POST' && request.url === '/predict')
      return this.predict(body, response);
    if (request.method !== 'POST' || request.url !== '/rerank')
      return sendJson(response, 404, { error: 'not found', error_type: 'Validation' });
    let parsed: TeiRerankRequest;
    try {
      parsed = JSON.parse(body) as TeiRerankRequest;
    } catch {
      return sendJson(response, 422, { error: 'invalid JSON', error_type: 'Validation' });
    }
    if (typeof parsed.query !== 'string' || !Array.isArray(parsed.texts))
      return sendJson(response, 422, {
        error: 'expected {query, texts}',
        error_type: 'Validation',
      });
    if (this.refusedOverLimit(response, parsed.texts.length)) return;
    this.requests.push(parsed);
    if (this.misbehaved(response, '{"index": 0, "score": ')) return;
    const behaviour = this.behaviour;
    let ranks: TeiRank[] = parsed.texts
      .map((text, index) => ({ index, score: overlap(parsed.query, text) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    if (behaviour === 'logits') ranks = ranks.map((r) => ({ ...r, score: r.score * 10 - 5 }));
    if (behaviour === 'wrong-count') ranks = ranks.slice(1);
    if (behaviour === 'duplicate-index') ranks = ranks.map((r) => ({ ...r, index: 0 }));
    sendJson(response, 200, ranks);
  }

  /** `inputs` is one text, one pair, or a batch of either: a batch is answered with one array each. */
  private predict(body: string, response: ServerResponse): void {
    let parsed: TeiPredictRequest;
    try {
      parsed = JSON.parse(body) as TeiPredictRequest;
    } catch {
      return sendJson(response, 422, { error: 'invalid JSON', error_type: 'Validation' });
    }
    const inputs: unknown = parsed.inputs;
    const single = typeof inputs === 'string' || isPair(inputs);
    const batch = single ? [inputs] : inputs;
    if (
      !Array.isArray(batch) ||
      batch.length === 0 ||
      !batch.every((x) => isPair(x) || typeof x === 'string')
    )
      return sendJson(response, 422, {
        error: 'expected inputs: a text, a pair, or a batch of them',
        error_type: 'Validation',
      });
    if (this.refusedOverLimit(response, batch.length)) return;
    this.predictRequests.push(parsed);
    if (this.misbehaved(response, '[[{"label": "entailment", "score": ')) return;
    let predictions = (batch as (string | [string, string])[]).map((input) =>
      this.predictions(typeof input === 'string' ? 0 : this.entailmentOf(...input)),
    );
    if (this.behaviour === 'wrong-count') predictions = predictions.slice(1);
    sendJson(response, 200, single ? predictions[0] : predictions);
  }

  /** A batch over `max_client_batch_size` refused as TEI refuses it; true when it was. */
  private refusedOverLimit(response: ServerResponse, size: number): boolean {
    if (size <= this.maxClientBatchSize) return false;
    this.refusedForSize += 1;
    sendJson(response, OVER_LIMIT_STATUS, {
      error: overLimitMessage(size, this.maxClientBatchSize),
      error_type: 'Validation',
    });
    return true;
  }

  /**
   * The scripted failure, when one is set: no answer, a backend error, or JSON cut off (`cut`);
   * true when the request got it.
   */
  private misbehaved(response: ServerResponse, cut: string): boolean {
    if (this.behaviour === 'hang') return true;
    if (this.behaviour === 'error') {
      sendJson(response, 424, { error: 'Inference failed', error_type: 'Backend' });
      return true;
    }
    if (this.behaviour !== 'garbage') return false;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(cut);
    return true;
  }

  /** Every label's probability, the first's `first`, highest first: a client reads them by label. */
  private predictions(first: number): TeiPrediction[] {
    const rest = (1 - first) / Math.max(this.labels.length - 1, 1);
    return this.labels
      .map((label, id) => ({ label, score: id === 0 ? first : rest }))
      .sort((a, b) => b.score - a.score);
  }
}

function isPair(value: unknown): value is [string, string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string'
  );
}

const pairKey = (premise: string, hypothesis: string) => JSON.stringify([premise, hypothesis]);

/** Share of the query's words found in the text: a deterministic stand-in for a cross-encoder. */
function overlap(query: string, text: string): number {
  const tokens = (value: string) => new Set(value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const queryWords = tokens(query);
  if (queryWords.size === 0) return 0;
  const textWords = tokens(text);
  let shared = 0;
  for (const word of queryWords) if (textWords.has(word)) shared += 1;
  return shared / queryWords.size;
}
