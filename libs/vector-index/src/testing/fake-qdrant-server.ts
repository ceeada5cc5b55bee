import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CollectionConfigMismatch, CollectionNotFound, InvalidIndexInput } from '../errors.js';
import { InProcessVectorIndex } from '../in-process/in-process-vector-index.js';
import { pointIdFor } from '../point-id.js';
import {
  parsePayload,
  type ChunkPayload,
  type MatchCondition,
  type WireSparseVector,
} from '../qdrant/qdrant-wire.js';
import type { IndexedChunk, IndexLeg } from '../vector-index.port.js';

/**
 * A local HTTP server speaking Qdrant's REST protocol for exactly the calls `QdrantVectorIndex`
 * makes, so the adapter's tests exercise the real client over a real socket. Scoring is delegated
 * to an InProcessVectorIndex (same semantics by the port's contract). Anything outside those calls
 * is answered 400/404 with a `fake-qdrant:` reason, so an adapter drifting from the supported wire
 * format fails loudly instead of silently passing.
 */

export interface RecordedRequest {
  method: string;
  /** Decoded path, e.g. `/collections/support_docs/points/query`. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  apiKey: string | undefined;
}

export interface FakeQdrantServerOptions {
  /** When set, requests must carry it in the `api-key` header, as Qdrant checks. */
  apiKey?: string;
  /** What `GET /` reports as the server version. */
  version?: string;
  /** The index behind the server; a fresh in-memory one by default. */
  index?: InProcessVectorIndex;
  /**
   * What collection info reports as the sparse vectors' modifier: `idf` (what the design creates)
   * or none (a collection made without it, whose BM25 weights then get no IDF).
   */
  sparseModifier?: 'idf' | 'none';
}

export interface FakeQdrantServer {
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** The recorded requests with this method whose path matches. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /**
   * The next `count` requests are refused 429 as Qdrant's strict-mode rate limiter refuses them
   * (src/actix/helpers.rs: `Retry-After` in whole seconds and the reason in `status.error`,
   * lib/collection/src/operations/types.rs for the words).
   */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

/** The client's own major.minor, so its compatibility check (on in QdrantVectorIndex) stays quiet. */
export const FAKE_QDRANT_VERSION = '1.18.0';

export async function startFakeQdrantServer(
  options: FakeQdrantServerOptions = {},
): Promise<FakeQdrantServer> {
  const fake = new FakeQdrant(options.index ?? new InProcessVectorIndex(), options);
  const server = createServer((request, response) => {
    void fake.handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: fake.requests,
    requestsTo: (method, path) =>
      fake.requests.filter(
        (request) =>
          request.method === method &&
          (typeof path === 'string' ? request.path === path : path.test(request.path)),
      ),
    rateLimitNext: (count, retryAfterSeconds) => {
      fake.rateLimited = { count, retryAfterSeconds };
    },
    close: () => closeServer(server),
  };
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface CollectionMeta {
  payloadSchema: Record<string, { data_type: string; params?: unknown; points: number }>;
  pointIdByChunk: Map<string, string>;
  chunkByPointId: Map<string, string>;
  operations: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUERY_KEYS = new Set(['query', 'using', 'limit', 'with_payload', 'with_vector']);

class FakeQdrant {
  readonly requests: RecordedRequest[] = [];
  rateLimited = { count: 0, retryAfterSeconds: 1 };
  private readonly collections = new Map<string, CollectionMeta>();

  constructor(
    private readonly index: InProcessVectorIndex,
    private readonly options: FakeQdrantServerOptions,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const url = new URL(request.url ?? '/', 'http://fake-qdrant');
      const path = decodeURIComponent(url.pathname);
      const raw = await readBody(request);
      const apiKey = header(request, 'api-key');
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        body: undefined,
        apiKey,
      };
      this.requests.push(recorded);
      if (raw.length > 0) {
        try {
          recorded.body = JSON.parse(raw);
        } catch (error) {
          throw new HttpFailure(400, `Format error in JSON body: ${(error as Error).message}`);
        }
      }
      if (this.options.apiKey !== undefined && apiKey !== this.options.apiKey) {
        throw new HttpFailure(401, 'Must provide an API key or an Authorization bearer token');
      }
      if (this.rateLimited.count > 0) {
        this.rateLimited.count -= 1;
        const wait = this.rateLimited.retryAfterSeconds;
        response.setHeader('Retry-After', String(wait));
        throw new HttpFailure(
          429,
          'Rate limiting exceeded: Write rate limit exceeded: Operation requires 1 tokens but ' +
            `only 0.0 were available. Retry after ${wait}s`,
        );
      }
      const result = await this.route(recorded);
      if (result.raw) {
        send(response, 200, result.value);
      } else {
        send(response, 200, { result: result.value, status: 'ok', time: elapsed() });
      }
    } catch (error) {
      const [status, message] = describeFailure(error);
      send(response, status, { status: { error: message }, time: elapsed() });
    }
  }

  private async route(request: RecordedRequest): Promise<{ value: unknown; raw?: boolean }> {
    const segments = request.path.split('/').filter((segment) => segment.length > 0);
    const { method } = request;
    if (segments.length === 0 && method === 'GET') {
      return {
        raw: true,
        value: {
          title: 'qdrant - vector search engine',
          version: this.options.version ?? FAKE_QDRANT_VERSION,
          commit: null,
        },
      };
    }
    const [root, name, ...rest] = segments;
    if (root !== 'collections' || name === undefined) throw unsupported(request);
    const route = `${method} ${rest.join('/')}`;
    switch (route) {
      case 'GET exists':
        return { value: { exists: (await this.index.describeCollection(name)) !== undefined } };
      case 'GET ':
        return { value: await this.collectionInfo(name) };
      case 'PUT ':
        return { value: await this.createCollection(name, request.body) };
      case 'PUT index':
        return { value: await this.createPayloadIndex(name, request) };
      case 'PUT points':
        return { value: await this.upsertPoints(name, request) };
      case 'POST points/delete':
        return { value: await this.deletePoints(name, request) };
      case 'POST points/count':
        return { value: await this.countPoints(name, request.body) };
      case 'POST points/scroll':
        return { value: await this.scrollPoints(name, request.body) };
      case 'POST points/query':
        return { value: await this.queryPoints(name, request.body) };
      default:
        throw unsupported(request);
    }
  }

  private async collectionInfo(name: string) {
    const described = await this.index.describeCollection(name);
    if (!described) throw new CollectionNotFound(name);
    const meta = this.meta(name);
    return {
      status: 'green',
      optimizer_status: 'ok',
      indexed_vectors_count: 0,
      points_count: described.pointCount,
      segments_count: 1,
      config: {
        params: {
          vectors: { dense: { size: described.denseSize, distance: 'Cosine' } },
          shard_number: 1,
          replication_factor: 1,
          write_consistency_factor: 1,
          on_disk_payload: true,
          sparse_vectors:
            this.options.sparseModifier === 'none'
              ? { sparse_en: {}, sparse_ar: {} }
              : { sparse_en: { modifier: 'idf' }, sparse_ar: { modifier: 'idf' } },
        },
      },
      payload_schema: meta.payloadSchema,
    };
  }

  private async createCollection(name: string, body: unknown): Promise<boolean> {
    const config = object(body, 'collection config');
    const vectors = object(config['vectors'], 'vectors');
    const dense = object(vectors['dense'], 'vectors.dense');
    if (Object.keys(vectors).join() !== 'dense') {
      throw new HttpFailure(400, 'fake-qdrant: expected exactly one named dense vector "dense"');
    }
    if (!Number.isInteger(dense['size']) || dense['distance'] !== 'Cosine') {
      throw new HttpFailure(400, 'fake-qdrant: vectors.dense needs an integer size and Cosine');
    }
    const sparse = object(config['sparse_vectors'], 'sparse_vectors');
    const legs = Object.keys(sparse).sort().join();
    const idfEverywhere = ['sparse_ar', 'sparse_en'].every(
      (leg) => object(sparse[leg], leg)['modifier'] === 'idf',
    );
    if (legs !== 'sparse_ar,sparse_en' || !idfEverywhere) {
      throw new HttpFailure(400, 'fake-qdrant: expected sparse_en and sparse_ar with modifier idf');
    }
    if (await this.index.describeCollection(name)) {
      throw new HttpFailure(409, `Wrong input: Collection \`${name}\` already exists!`);
    }
    await this.index.ensureCollection(name, { denseSize: dense['size'] as number });
    this.collections.delete(name);
    return true;
  }

  private async createPayloadIndex(name: string, request: RecordedRequest) {
    if (!(await this.index.describeCollection(name))) throw new CollectionNotFound(name);
    const body = object(request.body, 'payload index');
    if (typeof body['field_name'] !== 'string' || body['field_schema'] !== 'keyword') {
      throw new HttpFailure(400, 'fake-qdrant: only keyword payload indexes are supported');
    }
    const meta = this.meta(name);
    meta.payloadSchema[body['field_name']] = { data_type: 'keyword', params: null, points: 0 };
    return this.updateResult(meta, request);
  }

  private async upsertPoints(name: string, request: RecordedRequest) {
    const body = object(request.body, 'upsert');
    if (!Array.isArray(body['points'])) {
      throw new HttpFailure(400, 'fake-qdrant: only the {"points": [...]} upsert form');
    }
    const meta = this.meta(name);
    const chunks: IndexedChunk[] = [];
    const ids: string[] = [];
    for (const raw of body['points'] as unknown[]) {
      const point = object(raw, 'point');
      const id = point['id'];
      if (typeof id !== 'string' || !UUID.test(id)) {
        throw new HttpFailure(400, `Format error in JSON body: unable to parse UUID: ${id}`);
      }
      const payload = parsePayload(point['payload']);
      if (!payload) throw new HttpFailure(400, 'fake-qdrant: payload is not a chunk payload');
      const known = meta.chunkByPointId.get(id);
      if (known !== undefined && known !== payload.chunkId) {
        throw new HttpFailure(400, 'fake-qdrant: a point id reused for another chunk');
      }
      chunks.push({ ...payload, ...this.vectors(point['vector']) });
      ids.push(id);
    }
    await this.index.upsert(name, chunks);
    chunks.forEach((chunk, i) => {
      meta.pointIdByChunk.set(chunk.chunkId, ids[i]!);
      meta.chunkByPointId.set(ids[i]!, chunk.chunkId);
    });
    return this.updateResult(meta, request);
  }

  private async deletePoints(name: string, request: RecordedRequest) {
    const body = object(request.body, 'delete');
    const { docId, keep } = documentSelector(body['filter']);
    const removed = (await this.index.documentChunkIds(name, docId)).filter((id) => !keep.has(id));
    await this.index.deleteDocumentChunks(name, docId, [...keep]);
    const meta = this.meta(name);
    for (const chunkId of removed) {
      const id = meta.pointIdByChunk.get(chunkId);
      meta.pointIdByChunk.delete(chunkId);
      if (id !== undefined) meta.chunkByPointId.delete(id);
    }
    return this.updateResult(meta, request);
  }

  private async countPoints(name: string, body: unknown) {
    const request = body === undefined ? {} : object(body, 'count');
    if (request['filter'] === undefined || request['filter'] === null) {
      return { count: await this.index.count(name) };
    }
    const { docId, keep } = documentSelector(request['filter']);
    const chunkIds = await this.index.documentChunkIds(name, docId);
    return { count: chunkIds.filter((id) => !keep.has(id)).length };
  }

  private async scrollPoints(name: string, body: unknown) {
    const request = object(body, 'scroll');
    const { docId, keep } = documentSelector(request['filter']);
    const fields = request['with_payload'];
    if (
      !Array.isArray(fields) ||
      fields.some((field) => field !== 'chunkId' && field !== 'docId')
    ) {
      throw new HttpFailure(400, 'fake-qdrant: scroll supports with_payload ["chunkId", "docId"]');
    }
    const limit = typeof request['limit'] === 'number' ? request['limit'] : 10;
    const offset = typeof request['offset'] === 'string' ? request['offset'] : undefined;
    const points = (await this.index.documentChunkIds(name, docId))
      .filter((chunkId) => !keep.has(chunkId))
      .map((chunkId) => ({ id: this.pointId(name, chunkId), chunkId }))
      // Qdrant scrolls in id order; lowercase UUID text sorts like the 128-bit value.
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .filter((point) => offset === undefined || point.id >= offset);
    const page = points.slice(0, limit).map(({ id, chunkId }) => {
      const payload: Partial<ChunkPayload> = {};
      if (fields.includes('chunkId')) payload.chunkId = chunkId;
      if (fields.includes('docId')) payload.docId = docId;
      return { id, payload };
    });
    return { points: page, next_page_offset: points[limit]?.id ?? null };
  }

  private async queryPoints(name: string, body: unknown) {
    const request = object(body, 'query');
    const unknown = Object.keys(request).filter((key) => !QUERY_KEYS.has(key));
    if (unknown.length > 0) {
      throw new HttpFailure(400, `fake-qdrant: unsupported query parameters ${unknown.join()}`);
    }
    const using = request['using'];
    if (using !== 'dense' && using !== 'sparse_en' && using !== 'sparse_ar') {
      throw new HttpFailure(400, `Wrong input: Not existing vector name error: ${String(using)}`);
    }
    if (!Number.isInteger(request['limit'])) {
      throw new HttpFailure(400, 'fake-qdrant: the adapter always sends an integer limit');
    }
    const hits = await this.index.query(
      name,
      using as IndexLeg,
      request['query'] as number[] | WireSparseVector,
      request['limit'] as number,
    );
    const withPayload = request['with_payload'] === true;
    const points = hits.map(({ score, ...payload }) => ({
      id: this.pointId(name, payload.chunkId),
      version: 0,
      score,
      ...(withPayload ? { payload } : {}),
    }));
    // Qdrant knows nothing of chunkIds: it breaks ties by its own point order, so must the fake,
    // or the adapter's tie-breaking would go untested.
    points.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { points };
  }

  private vectors(raw: unknown): Pick<IndexedChunk, 'dense' | 'sparseEn' | 'sparseAr'> {
    const vector = object(raw, 'vector');
    const extra = Object.keys(vector).filter(
      (key) => key !== 'dense' && key !== 'sparse_en' && key !== 'sparse_ar',
    );
    if (extra.length > 0) {
      throw new HttpFailure(400, `Wrong input: Not existing vector name error: ${extra.join()}`);
    }
    const result: Pick<IndexedChunk, 'dense' | 'sparseEn' | 'sparseAr'> = {
      dense: vector['dense'] as number[],
    };
    if (vector['sparse_en'] !== undefined)
      result.sparseEn = vector['sparse_en'] as WireSparseVector;
    if (vector['sparse_ar'] !== undefined)
      result.sparseAr = vector['sparse_ar'] as WireSparseVector;
    return result;
  }

  private pointId(name: string, chunkId: string): string {
    return this.meta(name).pointIdByChunk.get(chunkId) ?? pointIdFor(name, chunkId);
  }

  private meta(name: string): CollectionMeta {
    let meta = this.collections.get(name);
    if (!meta) {
      meta = {
        payloadSchema: {},
        pointIdByChunk: new Map(),
        chunkByPointId: new Map(),
        operations: 0,
      };
      this.collections.set(name, meta);
    }
    return meta;
  }

  private updateResult(meta: CollectionMeta, request: RecordedRequest) {
    meta.operations += 1;
    return {
      operation_id: meta.operations,
      status: request.query['wait'] === 'true' ? 'completed' : 'acknowledged',
    };
  }
}

/** The one filter shape the adapter sends: a docId match, optionally minus some chunkIds. */
function documentSelector(raw: unknown): { docId: string; keep: Set<string> } {
  const filter = object(raw, 'filter');
  const must = filter['must'] as MatchCondition[] | undefined;
  const mustNot = filter['must_not'] as MatchCondition[] | undefined;
  const extra = Object.keys(filter).filter((key) => key !== 'must' && key !== 'must_not');
  const docMatch = Array.isArray(must) && must.length === 1 ? must[0] : undefined;
  const docId =
    docMatch?.key === 'docId' && 'value' in docMatch.match ? docMatch.match.value : undefined;
  if (extra.length > 0 || typeof docId !== 'string') {
    throw new HttpFailure(400, 'fake-qdrant: filters must be {"must": [docId match value]}');
  }
  if (mustNot === undefined) return { docId, keep: new Set() };
  const keepMatch = Array.isArray(mustNot) && mustNot.length === 1 ? mustNot[0] : undefined;
  const keep = keepMatch?.key === 'chunkId' && 'any' in keepMatch.match ? keepMatch.match.any : [];
  if (!Array.isArray(keep) || keep.length === 0) {
    throw new HttpFailure(400, 'fake-qdrant: must_not must be [chunkId match any (non-empty)]');
  }
  return { docId, keep: new Set(keep) };
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpFailure(400, `Format error in JSON body: ${what} must be an object`);
  }
  return value as Record<string, unknown>;
}

function unsupported(request: RecordedRequest): HttpFailure {
  return new HttpFailure(404, `fake-qdrant: unsupported ${request.method} ${request.path}`);
}

function describeFailure(error: unknown): [number, string] {
  if (error instanceof HttpFailure) return [error.status, error.message];
  if (error instanceof CollectionNotFound) {
    return [404, `Not found: Collection \`${error.namespace}\` doesn't exist!`];
  }
  if (error instanceof InvalidIndexInput || error instanceof CollectionConfigMismatch) {
    return [400, `Wrong input: ${error.message}`];
  }
  return [500, `Service internal error: ${(error as Error)?.message ?? String(error)}`];
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets of the client's connection pool would hold close() open.
    server.closeAllConnections();
  });
}
