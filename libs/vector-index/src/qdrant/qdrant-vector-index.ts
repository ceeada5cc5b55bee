import { QdrantClient, QdrantClientResourceExhaustedError } from '@qdrant/js-client-rest';
import {
  CollectionConfigMismatch,
  CollectionNotFound,
  InvalidIndexInput,
  VectorIndexUnavailable,
} from '../errors.js';
import { compareHits } from '../scoring.js';
import {
  assertChunks,
  assertDenseSize,
  assertDocId,
  assertKeepList,
  assertNamespace,
  assertQuery,
} from '../validation.js';
import type {
  IndexedChunk,
  IndexHit,
  IndexLeg,
  LegQuery,
  VectorIndex,
} from '../vector-index.port.js';
import {
  collectionConfig,
  DOC_ID_INDEX,
  documentFilter,
  hitFromPayload,
  parsePayload,
  toWirePoint,
} from './qdrant-wire.js';

export interface QdrantVectorIndexOptions {
  /** e.g. `http://localhost:6333`; a path prefix in the URL is kept. */
  url: string;
  apiKey?: string;
  /** Per request; the client's own default is 300 s, far beyond any leg budget. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Points per upsert request: 1024-d vectors with text make ~25 KB a point. */
const UPSERT_BATCH = 256;
const SCROLL_PAGE = 1_000;

/** Production adapter: Qdrant over REST via `@qdrant/js-client-rest`. */
export class QdrantVectorIndex implements VectorIndex {
  private readonly client: QdrantClient;

  constructor(options: QdrantVectorIndexOptions) {
    this.client = new QdrantClient({
      url: options.url,
      apiKey: options.apiKey,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // A GET / from the constructor that warns when the server's major version differs or its
      // minor is more than one away from the client's: the deployments pin Qdrant to match.
      checkCompatibility: true,
    });
  }

  async ensureCollection(namespace: string, options: { denseSize: number }): Promise<void> {
    assertNamespace(namespace);
    assertDenseSize(options?.denseSize);
    const { exists } = await this.call(namespace, 'collection exists', () =>
      this.client.collectionExists(namespace),
    );
    if (!exists) {
      try {
        await this.call(namespace, 'create collection', () =>
          this.client.createCollection(namespace, collectionConfig(options.denseSize)),
        );
      } catch (error) {
        // 409: another process created it between our check and our create; verify it below.
        if (!(error instanceof QdrantConflict)) throw error;
      }
    }
    const info = await this.call(namespace, 'get collection', () =>
      this.client.getCollection(namespace),
    );
    const vectors = info.config.params.vectors as
      Record<string, { size?: number; distance?: string } | undefined> | undefined;
    const dense = vectors?.['dense'];
    if (dense?.size !== options.denseSize || dense.distance !== 'Cosine') {
      throw new CollectionConfigMismatch(
        namespace,
        `expected a named vector dense of size ${options.denseSize} with Cosine distance, found ${JSON.stringify(vectors)}`,
      );
    }
    const sparse = info.config.params.sparse_vectors ?? {};
    for (const leg of ['sparse_en', 'sparse_ar'] as const) {
      if (sparse[leg]?.modifier !== 'idf') {
        throw new CollectionConfigMismatch(namespace, `sparse vector ${leg} lacks modifier idf`);
      }
    }
    if (!info.payload_schema?.['docId']) {
      await this.call(namespace, 'create payload index', () =>
        this.client.createPayloadIndex(namespace, { ...DOC_ID_INDEX, wait: true }),
      );
    }
  }

  async upsert(namespace: string, chunks: IndexedChunk[]): Promise<void> {
    assertNamespace(namespace);
    assertChunks(chunks);
    if (chunks.length === 0) {
      // Still reject a missing collection, as every adapter must.
      await this.count(namespace);
      return;
    }
    for (let start = 0; start < chunks.length; start += UPSERT_BATCH) {
      const points = chunks
        .slice(start, start + UPSERT_BATCH)
        .map((chunk) => toWirePoint(namespace, chunk));
      await this.call(namespace, 'upsert', () =>
        this.client.upsert(namespace, { wait: true, points }),
      );
    }
  }

  async deleteDocumentChunks(
    namespace: string,
    docId: string,
    keepChunkIds?: string[],
  ): Promise<number> {
    assertNamespace(namespace);
    assertDocId(docId);
    assertKeepList(keepChunkIds);
    const filter = documentFilter(docId, keepChunkIds);
    // Qdrant's delete reports no count; counting first under the same filter gives it.
    const { count } = await this.call(namespace, 'count', () =>
      this.client.count(namespace, { filter, exact: true }),
    );
    if (count === 0) return 0;
    // The client leaves `wait` unset on delete (unlike upsert): without it the call returns
    // before the points are gone and a query right after would still see them.
    await this.call(namespace, 'delete', () =>
      this.client.delete(namespace, { wait: true, filter }),
    );
    return count;
  }

  async query(
    namespace: string,
    leg: IndexLeg,
    vector: LegQuery,
    limit: number,
  ): Promise<IndexHit[]> {
    assertNamespace(namespace);
    assertQuery(leg, vector, limit);
    const query = Array.isArray(vector)
      ? vector
      : { indices: vector.indices, values: vector.values };
    const { points } = await this.call(namespace, 'query', () =>
      this.client.query(namespace, { query, using: leg, limit, with_payload: true }),
    );
    const hits: IndexHit[] = [];
    for (const point of points) {
      if (leg !== 'dense' && point.score === 0) continue;
      const payload = parsePayload(point.payload);
      if (!payload) {
        throw new VectorIndexUnavailable(
          `Qdrant collection ${namespace} holds point ${String(point.id)} without a chunk payload`,
        );
      }
      hits.push(hitFromPayload(payload, point.score));
    }
    // Qdrant orders equal scores by its own ids; the port orders them by chunkId.
    return hits.sort(compareHits);
  }

  async count(namespace: string): Promise<number> {
    assertNamespace(namespace);
    const { count } = await this.call(namespace, 'count', () =>
      this.client.count(namespace, { exact: true }),
    );
    return count;
  }

  async documentChunkIds(namespace: string, docId: string): Promise<string[]> {
    assertNamespace(namespace);
    assertDocId(docId);
    const chunkIds: string[] = [];
    let offset: string | number | undefined;
    do {
      const page = await this.call(namespace, 'scroll', () =>
        this.client.scroll(namespace, {
          filter: documentFilter(docId),
          limit: SCROLL_PAGE,
          offset,
          with_payload: ['chunkId'],
          with_vector: false,
        }),
      );
      for (const point of page.points) {
        const chunkId = (point.payload as { chunkId?: unknown } | null | undefined)?.chunkId;
        if (typeof chunkId === 'string') chunkIds.push(chunkId);
      }
      const next = page.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined);
    return chunkIds.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * Turns the client's errors into the port's: 404 on a collection into CollectionNotFound,
   * 400/422 into InvalidIndexInput (e.g. a vector of the wrong size), anything else into
   * VectorIndexUnavailable.
   */
  private async call<T>(namespace: string, operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // The client turns a 429 with `Retry-After` into this error and drops Qdrant's body: what
      // is left of its reason is the wait it asked for.
      if (error instanceof QdrantClientResourceExhaustedError)
        throw new VectorIndexUnavailable(
          `Qdrant ${operation} on ${namespace} failed: rate limit exceeded (HTTP 429), ` +
            `retry after ${error.retry_after} s`,
          { cause: error },
        );
      const status = (error as { status?: unknown }).status;
      const message = qdrantErrorMessage(error);
      if (status === 404 && /collection/i.test(message)) {
        throw new CollectionNotFound(namespace, { cause: error });
      }
      if (status === 400 || status === 422) {
        throw new InvalidIndexInput(`Qdrant refused ${operation} on ${namespace}: ${message}`, {
          cause: error,
        });
      }
      if (status === 409) {
        throw new QdrantConflict(`Qdrant ${operation} on ${namespace}: ${message}`, {
          cause: error,
        });
      }
      throw new VectorIndexUnavailable(`Qdrant ${operation} on ${namespace} failed: ${message}`, {
        cause: error,
      });
    }
  }
}

/** Qdrant answered 409 (the collection already exists); only create-collection expects it. */
class QdrantConflict extends VectorIndexUnavailable {}

/** Qdrant puts its reason in `{"status": {"error": "..."}}`; the client keeps the body as `data`. */
function qdrantErrorMessage(error: unknown): string {
  const data = (error as { data?: unknown }).data as { status?: { error?: unknown } } | undefined;
  const reason = data?.status?.error;
  if (typeof reason === 'string') return reason;
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
