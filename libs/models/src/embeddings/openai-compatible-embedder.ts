import { OpenAI } from 'openai';
import { toModelError } from '../openai-client-error.js';
import { EmbeddingsResponseInvalid, type ModelError } from '../errors.js';
import { DEFAULT_EMBEDDING_DIMENSIONS, type Embedder, l2Norm } from './embedder.js';

/** The retrieval task the Qwen3-Embedding model card uses for web-search-style queries. */
export const QWEN3_RETRIEVAL_TASK =
  'Given a web search query, retrieve relevant passages that answer the query';

/**
 * Qwen3-Embedding's query format (model card, `get_detailed_instruct`): note there is no space
 * after `Query:`. Documents are embedded without any instruction.
 */
export function qwen3Query(text: string, task = QWEN3_RETRIEVAL_TASK): string {
  return `Instruct: ${task}\nQuery:${text}`;
}

export interface OpenAiCompatibleEmbedderOptions {
  /** Base URL of the OpenAI-compatible API, including the version path: `http://vllm:8000/v1`. */
  baseUrl: string;
  model: string;
  /** Expected vector size; every response is checked against it. */
  dimensions?: number;
  /** Texts per `/embeddings` request. */
  batchSize?: number;
  /** One batch request, retries included, in ms. */
  timeoutMs?: number;
  /** Retries of the openai client (connection errors, 408/409/429/5xx, timeouts). */
  maxRetries?: number;
  /** vLLM ignores it unless started with `--api-key`; the client refuses to start without one. */
  apiKey?: string;
  /** Task instruction prepended to queries; `null` for models that take none. */
  queryTask?: string | null;
  /** `base64` (the client's default: smaller, decoded by the client) or plain JSON `float`. */
  encodingFormat?: 'base64' | 'float';
}

/**
 * Dense embeddings from an OpenAI-compatible `/v1/embeddings` server (vLLM serving
 * Qwen3-Embedding-0.6B in production).
 */
export class OpenAiCompatibleEmbedder implements Embedder {
  readonly dimensions: number;
  readonly id: string;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly queryTask: string | null;
  private readonly encodingFormat: 'base64' | 'float';

  constructor(options: OpenAiCompatibleEmbedderOptions) {
    this.model = options.model;
    this.dimensions = options.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
    this.batchSize = options.batchSize ?? 32;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.queryTask = options.queryTask === undefined ? QWEN3_RETRIEVAL_TASK : options.queryTask;
    this.encodingFormat = options.encodingFormat ?? 'base64';
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1)
      throw new RangeError(`batchSize must be a positive integer, got ${this.batchSize}`);
    this.id = `openai-compatible:${this.model}:${this.dimensions}`;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey ?? 'unused',
      timeout: this.timeoutMs,
      maxRetries: options.maxRetries ?? 1,
    });
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    // One batch at a time: ingestion is the only large caller, and it should not flood a model
    // server that also answers live queries.
    for (let start = 0; start < texts.length; start += this.batchSize)
      vectors.push(...(await this.embedBatch(texts.slice(start, start + this.batchSize))));
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const input = this.queryTask === null ? text : qwen3Query(text, this.queryTask);
    const [vector] = await this.embedBatch([input]);
    return vector;
  }

  private async embedBatch(inputs: string[]): Promise<number[][]> {
    // Our own deadline over the whole call, retries included; the client's `timeout` only bounds
    // one attempt, and how it reports a timeout depends on the fetch implementation's errors.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let data: unknown;
    try {
      const response = await this.client.embeddings.create(
        {
          model: this.model,
          // vLLM may refuse an empty prompt; one space embeds as "nothing" without failing the batch.
          input: inputs.map((text) => (text === '' ? ' ' : text)),
          ...(this.encodingFormat === 'float' ? { encoding_format: 'float' as const } : {}),
        },
        { signal: deadline },
      );
      data = (response as { data?: unknown }).data;
    } catch (error) {
      throw this.toModelError(error, deadline.aborted);
    }
    return this.readVectors(data, inputs.length);
  }

  /** One unit vector per input, placed by `index`; anything else is an invalid response. */
  private readVectors(data: unknown, expected: number): number[][] {
    const invalid = (reason: string) =>
      new EmbeddingsResponseInvalid(`Embeddings model "${this.model}" ${reason}`);
    if (!Array.isArray(data)) throw invalid('returned no `data` array');
    if (data.length !== expected)
      throw invalid(`returned ${data.length} embeddings for ${expected} inputs`);
    const vectors = new Array<number[] | undefined>(expected);
    for (const item of data as Array<{ index?: unknown; embedding?: unknown }>) {
      const index = item?.index;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expected)
        throw invalid(
          `returned an embedding with index ${String(index)} (expected 0..${expected - 1})`,
        );
      if (vectors[index]) throw invalid(`returned index ${index} twice`);
      const embedding = item.embedding;
      if (!Array.isArray(embedding)) throw invalid(`returned a non-array embedding at ${index}`);
      if (embedding.length !== this.dimensions)
        throw invalid(
          `returned ${embedding.length}-dimensional vectors, but ${this.dimensions} are configured ` +
            '(check EMBEDDINGS_MODEL and the index dimensions)',
        );
      if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value)))
        throw invalid(`returned a non-finite component at ${index}`);
      const norm = l2Norm(embedding as number[]);
      if (norm === 0) throw invalid(`returned an all-zero vector at ${index}`);
      vectors[index] = (embedding as number[]).map((value) => value / norm);
    }
    return vectors as number[][];
  }

  private toModelError(error: unknown, timedOut: boolean): ModelError {
    const where = `Embeddings server for "${this.model}"`;
    return toModelError(error, { where, timeoutMs: this.timeoutMs, timedOut });
  }
}
