import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { EmbeddingsResponseInvalid, ModelTimeout, ModelUnavailable } from '../errors.js';
import { describeEmbedderContract } from '../testing/embedder.contract.js';
import { FakeOpenAiServer } from '../testing/fake-openai-server.js';
import { cosineSimilarity, l2Norm } from './embedder.js';
import { hashingVector } from './hashing-embedder.js';
import {
  OpenAiCompatibleEmbedder,
  type OpenAiCompatibleEmbedderOptions,
  qwen3Query,
} from './openai-compatible-embedder.js';

const MODEL = 'Qwen/Qwen3-Embedding-0.6B';

for (const encodingFormat of ['base64', 'float'] as const) {
  let server: FakeOpenAiServer;
  describeEmbedderContract(`OpenAiCompatibleEmbedder (${encodingFormat})`, {
    setup: async () => {
      server = await FakeOpenAiServer.start();
      return new OpenAiCompatibleEmbedder({
        baseUrl: server.baseUrl,
        model: MODEL,
        encodingFormat,
        maxRetries: 0,
      });
    },
    teardown: () => server.close(),
  });
}

describe('OpenAiCompatibleEmbedder against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  const embedder = (options: Partial<OpenAiCompatibleEmbedderOptions> = {}) =>
    new OpenAiCompatibleEmbedder({
      baseUrl: server.baseUrl,
      model: MODEL,
      maxRetries: 0,
      ...options,
    });

  beforeAll(async () => {
    server = await FakeOpenAiServer.start({ dimensions: 1024, wrongDimensions: 768 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.behaviour = 'ok';
    server.requests.length = 0;
  });

  it("prefixes queries with Qwen3-Embedding's instruction and leaves documents alone", async () => {
    await embedder().embedQuery('where is my order?');
    await embedder().embedDocuments(['Orders ship in two days.']);
    expect(server.requests.map((request) => request.input)).toEqual([
      [
        'Instruct: Given a web search query, retrieve relevant passages that answer the query\n' +
          'Query:where is my order?',
      ],
      ['Orders ship in two days.'],
    ]);
    expect(qwen3Query('x', 'Find it')).toBe('Instruct: Find it\nQuery:x');
  });

  it('sends no instruction when the query task is null', async () => {
    await embedder({ queryTask: null }).embedQuery('plain');
    expect(server.requests[0]?.input).toEqual(['plain']);
  });

  it('sends the configured model name and lets the client ask for base64 by default', async () => {
    await embedder().embedDocuments(['a']);
    await embedder({ model: 'other/model', encodingFormat: 'float' }).embedDocuments(['a']);
    expect(server.requests.map(({ model, encodingFormat }) => ({ model, encodingFormat }))).toEqual(
      [
        { model: MODEL, encodingFormat: 'base64' },
        { model: 'other/model', encodingFormat: 'float' },
      ],
    );
  });

  it('splits documents into batches (70 texts, batch 32: 32 + 32 + 6) and keeps their order', async () => {
    const texts = Array.from({ length: 70 }, (_, i) => `document number ${i} about item ${i * 7}`);
    const vectors = await embedder({ batchSize: 32 }).embedDocuments(texts);
    expect(server.requests.map((request) => request.input.length)).toEqual([32, 32, 6]);
    expect(server.requests.flatMap((request) => request.input)).toEqual(texts);
    // The fake answers each batch in reverse order; vectors must still line up with their texts.
    for (const [i, text] of texts.entries())
      expect(cosineSimilarity(vectors[i]!, hashingVector(text))).toBeCloseTo(1, 5);
  });

  it('uses a batch size of 32 by default', async () => {
    await embedder().embedDocuments(Array.from({ length: 33 }, (_, i) => `t${i}`));
    expect(server.requests.map((request) => request.input.length)).toEqual([32, 1]);
  });

  it('sends an empty document as a single space, which servers accept', async () => {
    const [vector] = await embedder().embedDocuments(['']);
    expect(server.requests[0]?.input).toEqual([' ']);
    expect(l2Norm(vector!)).toBeCloseTo(1, 6);
  });

  it('names the vector space after the model and dimensions', () => {
    expect(embedder().id).toBe(`openai-compatible:${MODEL}:1024`);
    expect(embedder().dimensions).toBe(1024);
  });

  it('refuses vectors whose dimension differs from the configured one', async () => {
    server.behaviour = 'wrong-dimensions';
    const failure = embedder().embedQuery('hello');
    await expect(failure).rejects.toBeInstanceOf(EmbeddingsResponseInvalid);
    await expect(failure).rejects.toMatchObject({ code: 'model_invalid_response' });
    await expect(failure).rejects.toThrow(/768-dimensional vectors, but 1024 are configured/);
  });

  it('accepts another dimension when configured for it', async () => {
    server.behaviour = 'wrong-dimensions';
    expect(await embedder({ dimensions: 768 }).embedQuery('hello')).toHaveLength(768);
  });

  it('maps an HTTP error to ModelUnavailable with the status', async () => {
    server.behaviour = 'error';
    const failure = embedder().embedDocuments(['a']);
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ code: 'model_unavailable', status: 500 });
  });

  it('maps a hung server to ModelTimeout after the configured time', async () => {
    server.behaviour = 'hang';
    const started = Date.now();
    const failure = embedder({ timeoutMs: 200 }).embedQuery('hello');
    await expect(failure).rejects.toBeInstanceOf(ModelTimeout);
    await expect(failure).rejects.toMatchObject({ code: 'model_timeout', timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('maps an unreachable server to ModelUnavailable', async () => {
    const closed = await FakeOpenAiServer.start();
    await closed.close();
    const failure = new OpenAiCompatibleEmbedder({
      baseUrl: closed.baseUrl,
      model: MODEL,
      maxRetries: 0,
    }).embedQuery('hello');
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ code: 'model_unavailable', status: undefined });
  });

  it('rejects a non-positive batch size', () => {
    expect(() => embedder({ batchSize: 0 })).toThrow(RangeError);
  });
});

describe("OpenAiCompatibleEmbedder and TEI's per-request limit (max_client_batch_size)", () => {
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    server = await FakeOpenAiServer.start({ tei: { maxClientBatchSize: 32 } });
  });
  afterAll(() => server.close());

  it('EMBEDDINGS_BATCH 64 against a TEI of 32: 70 documents go in batches of at most 32', async () => {
    const embedder = new OpenAiCompatibleEmbedder({
      baseUrl: server.baseUrl,
      model: MODEL,
      batchSize: 64,
      maxRetries: 0,
    });
    const texts = Array.from({ length: 70 }, (_, i) => `document number ${i}`);
    const vectors = await embedder.embedDocuments(texts);
    expect(vectors).toHaveLength(70);
    expect(cosineSimilarity(vectors[69]!, hashingVector('document number 69', 1024))).toBeCloseTo(
      1,
      6,
    );
    expect(server.requests.map((r) => r.input.length)).toEqual([32, 32, 6]);
    expect(server.refusedForSize).toBe(0);
  });

  it("keeps TEI's own words when it refuses (413 {message, code, type})", async () => {
    const vllmLike = await FakeOpenAiServer.start({ behaviour: 'error' });
    try {
      const failure = new OpenAiCompatibleEmbedder({
        baseUrl: vllmLike.baseUrl,
        model: MODEL,
        maxRetries: 0,
      }).embedQuery('x');
      await expect(failure).rejects.toThrow(/HTTP 500: model crashed/);
    } finally {
      await vllmLike.close();
    }
    const refused = await fetch(`${server.baseUrl}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: Array.from({ length: 33 }, () => 'x') }),
    });
    const body = (await refused.json()) as { message: string };
    expect(refused.status).toBe(413);
    expect(body.message).toBe('batch size 33 > maximum allowed batch size 32');
  });
});
