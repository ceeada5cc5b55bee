import { EmbeddingsResponseInvalid, ModelUnavailable } from '../errors.js';
import { JsonHttpClient, type JsonHttpResponse } from '../http/json-http-client.js';
import { noAnswer } from '../http/no-answer.js';
import { serverErrorText } from '../http/server-error-text.js';
import { TeiBatchLimit } from '../tei/tei-batch-limit.js';
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
  /** Base URL of the OpenAI-compatible API, including the version path: `http://tei:8080/v1`. */
  baseUrl: string;
  model: string;
  /** Expected vector size; every response is checked against it. */
  dimensions?: number;
  /** Texts per `/embeddings` request, lowered to a TEI server's `max_client_batch_size`. */
  batchSize?: number;
  /** One batch request, retries included, in ms. */
  timeoutMs?: number;
  /** Retries of a failed request (connection errors, 408/409/429/5xx). */
  maxRetries?: number;
  /** Sent as a bearer token; the servers ignore it unless started with an API key. */
  apiKey?: string;
  /** Task instruction prepended to queries; `null` for models that take none. */
  queryTask?: string | null;
  /** `base64` (smaller, little-endian float32) or plain JSON `float`. */
  encodingFormat?: 'base64' | 'float';
}

/**
 * Dense embeddings from an OpenAI-compatible `/v1/embeddings` server: text-embeddings-inference
 * (or vLLM) serving Qwen3-Embedding-0.6B in production. TEI refuses a request with more inputs
 * than its `max_client_batch_size` (default 32), so documents go in batches of at most that many,
 * read from its `GET /info` (a server without that route keeps `batchSize`). A refusal keeps the
 * server's own words (TEI's `{message, code, type}`, OpenAI's `{error: {message}}`).
 */
export class OpenAiCompatibleEmbedder implements Embedder {
  readonly dimensions: number;
  readonly id: string;
  private readonly client: JsonHttpClient;
  private readonly limit: TeiBatchLimit;
  private readonly where: string;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly queryTask: string | null;
  private readonly encodingFormat: 'base64' | 'float';

  constructor(options: OpenAiCompatibleEmbedderOptions) {
    this.model = options.model;
    this.dimensions = options.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS;
    const batchSize = options.batchSize ?? 32;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.queryTask = options.queryTask === undefined ? QWEN3_RETRIEVAL_TASK : options.queryTask;
    this.encodingFormat = options.encodingFormat ?? 'base64';
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
    this.id = `openai-compatible:${this.model}:${this.dimensions}`;
    this.where = `Embeddings server for "${this.model}"`;
    this.client = new JsonHttpClient({
      baseUrl: options.baseUrl,
      maxRetries: options.maxRetries ?? 1,
      headers: { authorization: `Bearer ${options.apiKey ?? 'unused'}` },
    });
    // `/info` sits beside `/v1`, at the server's root.
    const root = new JsonHttpClient({
      baseUrl: options.baseUrl.replace(/\/v1\/?$/, ''),
      maxRetries: 0,
    });
    this.limit = new TeiBatchLimit(root, batchSize, this.timeoutMs);
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    // One batch at a time: ingestion is the only large caller, and it should not flood a model
    // server that also answers live queries.
    for (let start = 0; start < texts.length;) {
      const size = await this.limit.get(AbortSignal.timeout(this.timeoutMs));
      const batch = texts.slice(start, start + size);
      const embedded = await this.embedBatch(batch);
      if (embedded === null) continue; // the server named a lower limit: the same texts again
      vectors.push(...embedded);
      start += batch.length;
    }
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const input = this.queryTask === null ? text : qwen3Query(text, this.queryTask);
    const [vector] = (await this.embedBatch([input]))!;
    return vector!;
  }

  /** The batch's vectors, or null when the server refused it for its size and named its limit. */
  private async embedBatch(inputs: string[]): Promise<number[][] | null> {
    // One deadline over the whole call, retries included.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let answer: JsonHttpResponse;
    try {
      answer = await this.client.post(
        '/embeddings',
        {
          model: this.model,
          // Servers may refuse an empty input; one space embeds as "nothing" without failing the batch.
          input: inputs.map((text) => (text === '' ? ' ' : text)),
          encoding_format: this.encodingFormat,
        },
        deadline,
      );
    } catch (error) {
      throw noAnswer(
        this.where,
        { error, timedOut: deadline.aborted, timeoutMs: this.timeoutMs },
        (message, options) => new EmbeddingsResponseInvalid(message, options),
      );
    }
    if (answer.status >= 400) {
      const reason = serverErrorText(answer.text);
      if ((answer.status === 413 || answer.status === 422) && this.limit.learnFrom(reason))
        return null;
      throw new ModelUnavailable(
        `${this.where} answered HTTP ${answer.status}: ${reason}`,
        answer.status,
      );
    }
    let data: unknown;
    try {
      data = (JSON.parse(answer.text) as { data?: unknown } | null)?.data;
    } catch (error) {
      throw new EmbeddingsResponseInvalid(`${this.where} answered with a body that is not JSON`, {
        cause: error,
      });
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
      const embedding =
        typeof item.embedding === 'string' ? fromBase64(item.embedding) : item.embedding;
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
}

/** `encoding_format: "base64"`: little-endian float32 values, base64-encoded. */
function fromBase64(encoded: string): number[] {
  const bytes = Buffer.from(encoded, 'base64');
  const values: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4)
    values.push(bytes.readFloatLE(offset));
  return bytes.length % 4 === 0 ? values : [Number.NaN];
}
