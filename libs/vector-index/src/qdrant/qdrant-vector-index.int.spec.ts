import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QdrantClient } from '@qdrant/js-client-rest';
import { freePort } from '@support/testing';
import { pointIdFor } from '../point-id.js';
import {
  FAKE_QDRANT_VERSION,
  startFakeQdrantServer,
  type FakeQdrantServer,
} from '../testing/fake-qdrant-server.js';
import { describeVectorIndexContract } from '../testing/vector-index.contract.js';
import { QdrantVectorIndex } from './qdrant-vector-index.js';

describe('QdrantVectorIndex against the fake Qdrant server', () => {
  let server: FakeQdrantServer;

  beforeAll(async () => {
    server = await startFakeQdrantServer();
  });

  afterAll(async () => {
    await server.close();
  });

  describeVectorIndexContract(
    'qdrant adapter (fake server)',
    () => new QdrantVectorIndex({ url: server.url, timeoutMs: 5_000 }),
  );

  describe('wire format', () => {
    let index: QdrantVectorIndex;

    beforeAll(async () => {
      index = new QdrantVectorIndex({ url: server.url });
      await index.ensureCollection('wire', { denseSize: 3 });
      await index.upsert('wire', [
        {
          chunkId: 'doc-w#0',
          docId: 'doc-w',
          title: 'Wire',
          lang: 'ar',
          topic: 'sizes',
          text: 'مقاسات',
          dense: [0.1, 0.2, 0.3],
          sparseAr: { indices: [4, 8], values: [1.5, 0.5] },
          sparseEn: { indices: [], values: [] },
        },
      ]);
    });

    it('creates the collection with named dense + IDF sparse vectors and a docId index', () => {
      const [create] = server.requestsTo('PUT', '/collections/wire');
      expect(create!.body).toEqual({
        vectors: { dense: { size: 3, distance: 'Cosine' } },
        sparse_vectors: { sparse_en: { modifier: 'idf' }, sparse_ar: { modifier: 'idf' } },
      });
      const [payloadIndex] = server.requestsTo('PUT', '/collections/wire/index');
      expect(payloadIndex!.body).toEqual({ field_name: 'docId', field_schema: 'keyword' });
      expect(payloadIndex!.query['wait']).toBe('true');
    });

    it("lets the client probe the server's version (GET /) for its compatibility check", () => {
      expect(server.requestsTo('GET', '/').length).toBeGreaterThan(0);
    });

    it('upserts named vectors under a UUID derived from namespace and chunkId, and waits', () => {
      const [upsert] = server.requestsTo('PUT', '/collections/wire/points');
      expect(upsert!.query['wait']).toBe('true');
      expect(upsert!.body).toEqual({
        points: [
          {
            id: pointIdFor('wire', 'doc-w#0'),
            // The empty sparse_en vector is left out: "no vector" for that leg.
            vector: { dense: [0.1, 0.2, 0.3], sparse_ar: { indices: [4, 8], values: [1.5, 0.5] } },
            payload: {
              chunkId: 'doc-w#0',
              docId: 'doc-w',
              title: 'Wire',
              lang: 'ar',
              topic: 'sizes',
              text: 'مقاسات',
            },
          },
        ],
      });
    });

    it('queries one named vector through the Query API with the payload', async () => {
      await index.query('wire', 'sparse_ar', { indices: [4], values: [1] }, 7);
      const query = server.requestsTo('POST', '/collections/wire/points/query').at(-1)!;
      expect(query.body).toEqual({
        query: { indices: [4], values: [1] },
        using: 'sparse_ar',
        limit: 7,
        with_payload: true,
      });
    });

    it('deletes by docId filter sparing the kept chunks, and waits for it', async () => {
      await index.deleteDocumentChunks('wire', 'doc-w', ['doc-w#0']);
      expect(server.requestsTo('POST', '/collections/wire/points/delete')).toEqual([]);
      await index.deleteDocumentChunks('wire', 'doc-w', ['doc-w#5']);
      const [remove] = server.requestsTo('POST', '/collections/wire/points/delete');
      expect(remove!.query['wait']).toBe('true');
      expect(remove!.body).toEqual({
        filter: {
          must: [{ key: 'docId', match: { value: 'doc-w' } }],
          must_not: [{ key: 'chunkId', match: { any: ['doc-w#5'] } }],
        },
      });
      expect(await index.count('wire')).toBe(0);
    });

    it("answers a missing collection with Qdrant's 404 body", async () => {
      const response = await fetch(`${server.url}/collections/nowhere/points/count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ exact: true }),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        status: { error: "Not found: Collection `nowhere` doesn't exist!" },
        time: expect.any(Number),
      });
    });

    it('works with the stock client as a real Qdrant would (version probe, 409 on re-create)', async () => {
      const client = new QdrantClient({ url: server.url, checkCompatibility: false });
      expect((await client.versionInfo()).version).toMatch(/^1\./);
      await expect(
        client.createCollection('wire', {
          vectors: { dense: { size: 3, distance: 'Cosine' } },
          sparse_vectors: { sparse_en: { modifier: 'idf' }, sparse_ar: { modifier: 'idf' } },
        }),
      ).rejects.toMatchObject({ status: 409 });
    });
  });

  it('sends the api key on every request, and reports a refused one as unavailable', async () => {
    const guarded = await startFakeQdrantServer({ apiKey: 'test-key' });
    // The client warns about an api key over plain http, rightly so outside a test.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const index = new QdrantVectorIndex({ url: guarded.url, apiKey: 'test-key' });
      await index.ensureCollection('keyed', { denseSize: 2 });
      expect(await index.count('keyed')).toBe(0);
      expect(guarded.requests.length).toBeGreaterThan(0);
      expect(guarded.requests.every((request) => request.apiKey === 'test-key')).toBe(true);
      const wrongKey = new QdrantVectorIndex({ url: guarded.url, apiKey: 'nope' });
      await expect(wrongKey.count('keyed')).rejects.toMatchObject({
        name: 'VectorIndexUnavailable',
        code: 'internal',
      });
    } finally {
      warn.mockRestore();
      await guarded.close();
    }
  });

  it("keeps the reason of Qdrant's 429 (rate limited, Retry-After) in the error", async () => {
    const limited = await startFakeQdrantServer();
    try {
      const index = new QdrantVectorIndex({ url: limited.url });
      await index.ensureCollection('limited', { denseSize: 2 });
      limited.rateLimitNext(1, 3);
      const failure = index.count('limited');
      await expect(failure).rejects.toMatchObject({ name: 'VectorIndexUnavailable' });
      await expect(failure).rejects.toThrow(/rate limit exceeded \(HTTP 429\), retry after 3 s/);
    } finally {
      await limited.close();
    }
  });

  it('reports an unreachable server as unavailable', async () => {
    // The version probe fails too and says so; that warning is expected here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const nowhere = new QdrantVectorIndex({ url: `http://127.0.0.1:${await freePort()}` });
      await expect(nowhere.count('anything')).rejects.toMatchObject({
        name: 'VectorIndexUnavailable',
        code: 'internal',
      });
    } finally {
      warn.mockRestore();
    }
  });

  describe('client/server compatibility check', () => {
    /** Builds an index against a fake reporting `version` and returns what the client warned. */
    async function warningsAgainst(version: string): Promise<string[]> {
      const fake = await startFakeQdrantServer({ version });
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const index = new QdrantVectorIndex({ url: fake.url });
        // The probe is fired from the constructor; a real call after it has surely been answered.
        await index.ensureCollection('probe', { denseSize: 2 });
        await new Promise((resolve) => setImmediate(resolve));
        expect(fake.requestsTo('GET', '/')).toHaveLength(1);
        return warn.mock.calls.map((call) => String(call[0]));
      } finally {
        warn.mockRestore();
        await fake.close();
      }
    }

    it('stays quiet against the server version the deployments pin (same major.minor)', async () => {
      expect(await warningsAgainst(FAKE_QDRANT_VERSION)).toEqual([]);
    });

    it('warns against a server more than one minor version away (the old 1.12 pin)', async () => {
      const warnings = await warningsAgainst('1.12.6');
      expect(warnings).toEqual([
        expect.stringMatching(/incompatible with server version 1\.12\.6/),
      ]);
    });
  });
});

const realQdrantUrl = process.env['QDRANT_URL'];
if (realQdrantUrl) {
  const apiKey = process.env['QDRANT_API_KEY'];
  const admin = new QdrantClient({ url: realQdrantUrl, apiKey, checkCompatibility: false });
  describeVectorIndexContract(
    `qdrant adapter (real Qdrant at ${realQdrantUrl})`,
    () => new QdrantVectorIndex({ url: realQdrantUrl, apiKey }),
    {
      dropNamespace: async (namespace) => {
        await admin.deleteCollection(namespace).catch(() => undefined);
      },
    },
  );
} else {
  process.stdout.write('QDRANT_URL is not set: the contract against a real Qdrant was not run\n');
}
