import { hashingVector } from '../embeddings/hashing-embedder.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen, sendJson } from './http-fixture.js';
import { OVER_LIMIT_STATUS, overLimitMessage, teiInfo } from './tei-fixture.js';

export type FakeOpenAiBehaviour =
  /** Answer like vLLM (data listed in reverse, so clients must place vectors by `index`). */
  | 'ok'
  /** Accept the request and never answer. */
  | 'hang'
  /** HTTP 500 with an OpenAI-style error body. */
  | 'error'
  /** Vectors of `wrongDimensions` components instead of the configured size. */
  | 'wrong-dimensions';

export interface RecordedEmbeddingsRequest {
  model: string;
  input: string[];
  encodingFormat: string | undefined;
  authorization: string | undefined;
}

export interface FakeOpenAiServerOptions {
  dimensions?: number;
  wrongDimensions?: number;
  behaviour?: FakeOpenAiBehaviour;
  /**
   * Answer as text-embeddings-inference 1.8 does on its OpenAI-compatible route (`tei-fixture.ts`):
   * `GET /info` names the model and `max_client_batch_size`, a request with more inputs is refused
   * 413 with TEI's `{message, code, type}`. Unset: as vLLM, no `/info` and no such limit.
   */
  tei?: { maxClientBatchSize: number; modelId?: string };
}

const INSTRUCTION = /^Instruct: [^\n]*\nQuery:/;

/**
 * A local server speaking the OpenAI `/v1/embeddings` wire protocol, as vLLM does. Vectors come
 * from the hashing embedder of the text with any `Instruct: ...\nQuery:` prefix removed, standing in
 * for an instruction-aware model (a query lands near the same text as a document). Every request
 * is recorded. `baseUrl` ends in `/v1`, like the URL given to an OpenAI client.
 */
export class FakeOpenAiServer {
  readonly requests: RecordedEmbeddingsRequest[] = [];
  behaviour: FakeOpenAiBehaviour;
  /** Requests refused for carrying more inputs than TEI's limit. */
  refusedForSize = 0;

  private server!: Listening;

  private constructor(
    behaviour: FakeOpenAiBehaviour,
    private readonly dimensions: number,
    private readonly wrongDimensions: number,
    private readonly tei: FakeOpenAiServerOptions['tei'],
  ) {
    this.behaviour = behaviour;
  }

  static async start(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
    const fake = new FakeOpenAiServer(
      options.behaviour ?? 'ok',
      options.dimensions ?? 1024,
      options.wrongDimensions ?? 768,
      options.tei,
    );
    fake.server = await listen((request, body, response) => fake.handle(request, body, response));
    return fake;
  }

  /** The URL to give an OpenAI client as `baseURL`: the server's origin plus `/v1`. */
  get baseUrl(): string {
    return `${this.server.origin}/v1`;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const tei = this.tei;
    if (tei && request.method === 'GET' && request.url === '/info')
      return sendJson(
        response,
        200,
        teiInfo(tei.modelId ?? 'Qwen/Qwen3-Embedding-0.6B', 'embedding', tei.maxClientBatchSize),
      );
    if (request.method !== 'POST' || request.url !== '/v1/embeddings')
      return sendJson(response, 404, error(`no route ${request.method} ${request.url}`, 404));
    let parsed: { model?: unknown; input?: unknown; encoding_format?: unknown };
    try {
      parsed = JSON.parse(body);
    } catch {
      return sendJson(response, 400, error('body is not JSON', 400));
    }
    const input = typeof parsed.input === 'string' ? [parsed.input] : parsed.input;
    if (
      typeof parsed.model !== 'string' ||
      !Array.isArray(input) ||
      !input.every((item) => typeof item === 'string')
    )
      return sendJson(response, 400, error('expected {model: string, input: string[]}', 400));
    const format = parsed.encoding_format;
    if (format !== undefined && format !== 'float' && format !== 'base64')
      return sendJson(response, 400, error(`unknown encoding_format ${String(format)}`, 400));
    if (tei && input.length > tei.maxClientBatchSize) {
      this.refusedForSize += 1;
      return sendJson(response, OVER_LIMIT_STATUS, {
        message: overLimitMessage(input.length, tei.maxClientBatchSize),
        code: OVER_LIMIT_STATUS,
        type: 'Validation',
      });
    }
    this.requests.push({
      model: parsed.model,
      input,
      encodingFormat: format,
      authorization: request.headers.authorization,
    });
    const behaviour = this.behaviour;
    if (behaviour === 'hang') return;
    if (behaviour === 'error')
      return sendJson(response, 500, error('model crashed', 500, 'InternalServerError'));
    const size = behaviour === 'wrong-dimensions' ? this.wrongDimensions : this.dimensions;
    const data = input.map((text, index) => {
      const vector = hashingVector(text.replace(INSTRUCTION, ''), size);
      return {
        object: 'embedding',
        index,
        embedding: format === 'base64' ? toBase64(vector) : vector,
      };
    });
    const tokens = input.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
    sendJson(response, 200, {
      object: 'list',
      data: data.reverse(),
      model: parsed.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }
}

/** Little-endian float32 bytes, base64-encoded: OpenAI's `encoding_format: "base64"`. */
function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString('base64');
}

function error(message: string, code: number, type = 'BadRequestError') {
  return { object: 'error', message, type, param: null, code };
}
