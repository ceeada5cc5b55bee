import type { TeiRank, TeiRerankRequest } from '../tei/tei-wire.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen, sendJson } from './http-fixture.js';
import { OVER_LIMIT_STATUS, overLimitMessage, teiInfo } from './tei-fixture.js';

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
  /** The model `GET /info` names (default the design's BGE reranker). */
  modelId?: string;
  /** `--max-client-batch-size`: more texts in one request are refused (TEI's default, 32). */
  maxClientBatchSize?: number;
}

/**
 * A local server speaking text-embeddings-inference 1.8's reranker routes (`GET /info`,
 * `POST /rerank`, its batch limit and error bodies, `tei-fixture.ts`), told how to behave through
 * `behaviour`. Every accepted rerank request body is recorded.
 */
export class FakeTeiServer {
  readonly requests: TeiRerankRequest[] = [];
  behaviour: FakeTeiBehaviour;
  /** `--max-client-batch-size`; may be changed while running (a restarted server). */
  maxClientBatchSize: number;
  /** Requests refused for their size. */
  refusedForSize = 0;

  private server!: Listening;

  private constructor(
    behaviour: FakeTeiBehaviour,
    maxClientBatchSize: number,
    private readonly modelId: string,
  ) {
    this.behaviour = behaviour;
    this.maxClientBatchSize = maxClientBatchSize;
  }

  static async start(options: FakeTeiServerOptions = {}): Promise<FakeTeiServer> {
    const fake = new FakeTeiServer(
      options.behaviour ?? 'ok',
      options.maxClientBatchSize ?? 32,
      options.modelId ?? 'BAAI/bge-reranker-v2-m3',
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

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    if (request.method === 'GET' && request.url === '/info')
      return sendJson(response, 200, teiInfo(this.modelId, 'reranker', this.maxClientBatchSize));
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
    if (parsed.texts.length > this.maxClientBatchSize) {
      this.refusedForSize += 1;
      return sendJson(response, OVER_LIMIT_STATUS, {
        error: overLimitMessage(parsed.texts.length, this.maxClientBatchSize),
        error_type: 'Validation',
      });
    }
    this.requests.push(parsed);
    const behaviour = this.behaviour;
    if (behaviour === 'hang') return;
    if (behaviour === 'error')
      return sendJson(response, 424, { error: 'Inference failed', error_type: 'Backend' });
    if (behaviour === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"index": 0, "score": ');
      return;
    }
    let ranks: TeiRank[] = parsed.texts
      .map((text, index) => ({ index, score: overlap(parsed.query, text) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    if (behaviour === 'logits') ranks = ranks.map((r) => ({ ...r, score: r.score * 10 - 5 }));
    if (behaviour === 'wrong-count') ranks = ranks.slice(1);
    if (behaviour === 'duplicate-index') ranks = ranks.map((r) => ({ ...r, index: 0 }));
    sendJson(response, 200, ranks);
  }
}

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
