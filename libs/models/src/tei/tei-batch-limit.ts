import { ModelInvalidResponse } from '../errors.js';
import type { JsonHttpClient } from '../http/json-http-client.js';
import type { TeiInfoWire } from './tei-wire.js';

/** What `GET /info` tells a client of text-embeddings-inference. */
export interface TeiInfo {
  readonly modelId: string;
  readonly modelType: 'embedding' | 'reranker' | 'classifier';
  /** A reranker's or classifier's labels (`id2label`'s names), in id order; none for embeddings. */
  readonly labels: readonly string[];
  /** Inputs one request may carry (`--max-client-batch-size`). */
  readonly maxClientBatchSize: number;
  readonly version: string;
}

/** TEI's refusal of a request with too many inputs (router/src/http/server.rs). */
const OVER_LIMIT = /batch size (\d+) > maximum allowed batch size (\d+)/;

/** The limit a "batch size N > maximum allowed batch size M" refusal names, if it is one. */
export function limitInRefusal(text: string): number | undefined {
  const match = OVER_LIMIT.exec(text);
  return match ? Number(match[2]) : undefined;
}

/** `GET /info` read and checked; null when the server has no such route (vLLM, say). */
export async function readTeiInfo(
  client: JsonHttpClient,
  signal: AbortSignal,
): Promise<TeiInfo | null> {
  const response = await client.get('/info', signal);
  if (response.status === 404) return null;
  if (response.status >= 400)
    throw new ModelInvalidResponse(`GET /info answered HTTP ${response.status}`);
  let wire: Partial<TeiInfoWire>;
  try {
    wire = JSON.parse(response.text) as Partial<TeiInfoWire>;
  } catch (error) {
    throw new ModelInvalidResponse('GET /info answered with a body that is not JSON', {
      cause: error,
    });
  }
  const limit = wire.max_client_batch_size;
  const type = Object.keys(wire.model_type ?? {})[0];
  if (
    typeof wire.model_id !== 'string' ||
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    (type !== 'embedding' && type !== 'reranker' && type !== 'classifier')
  )
    throw new ModelInvalidResponse(
      `GET /info is not text-embeddings-inference's Info: ${response.text.slice(0, 200)}`,
    );
  return {
    modelId: wire.model_id,
    modelType: type,
    labels: labelsOf(wire.model_type),
    maxClientBatchSize: limit,
    version: typeof wire.version === 'string' ? wire.version : 'unknown',
  };
}

function labelsOf(modelType: TeiInfoWire['model_type'] | undefined): string[] {
  const classes = modelType && ('classifier' in modelType ? modelType.classifier : undefined);
  const ranks = modelType && ('reranker' in modelType ? modelType.reranker : undefined);
  const id2label = (classes ?? ranks)?.id2label ?? {};
  return Object.entries(id2label)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, label]) => label);
}

/**
 * How many inputs one request to a server may carry: the configured batch, lowered to the
 * server's `max_client_batch_size` once `GET /info` answers (asked at the first request, again
 * after a failed read) or once the server refuses a batch and names its limit.
 */
export class TeiBatchLimit {
  private known: number | undefined;
  private reading: Promise<number> | null = null;

  constructor(
    private readonly client: JsonHttpClient,
    private readonly configured: number,
    private readonly infoTimeoutMs: number,
  ) {}

  /** The inputs one request may carry. Never fails: an unreadable `/info` leaves the setting. */
  async get(signal: AbortSignal): Promise<number> {
    if (this.known !== undefined) return this.known;
    this.reading ??= this.read(signal).finally(() => (this.reading = null));
    return this.reading;
  }

  /** Lowers the limit to the one a refusal names; true when it did (the batch may be split). */
  learnFrom(refusal: string): boolean {
    const limit = limitInRefusal(refusal);
    if (limit === undefined || limit < 1 || limit >= (this.known ?? this.configured)) return false;
    this.known = limit;
    return true;
  }

  private async read(signal: AbortSignal): Promise<number> {
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.infoTimeoutMs)]);
    try {
      const info = await readTeiInfo(this.client, deadline);
      this.known = Math.min(this.configured, info?.maxClientBatchSize ?? this.configured);
      return this.known;
    } catch {
      return this.configured;
    }
  }
}

/** `items` in consecutive slices of at most `size`. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
