import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ModelTimeout, ModelUnavailable, RerankerResponseInvalid } from '../errors.js';
import { describeCrossEncoderContract } from '../testing/cross-encoder.contract.js';
import { FakeTeiServer } from '../testing/fake-tei-server.js';
import { sigmoid } from './cross-encoder.js';
import { TeiCrossEncoder } from './tei-cross-encoder.js';

let contractServer: FakeTeiServer;
describeCrossEncoderContract('TeiCrossEncoder', {
  setup: async () => {
    contractServer = await FakeTeiServer.start();
    return new TeiCrossEncoder({ baseUrl: contractServer.url });
  },
  teardown: () => contractServer.close(),
});

let logitServer: FakeTeiServer;
describeCrossEncoderContract('TeiCrossEncoder (server returning logits)', {
  setup: async () => {
    logitServer = await FakeTeiServer.start({ behaviour: 'logits' });
    return new TeiCrossEncoder({ baseUrl: logitServer.url });
  },
  teardown: () => logitServer.close(),
});

describe('TeiCrossEncoder against a TEI server', () => {
  let server: FakeTeiServer;
  const encoder = (timeoutMs = 1_500) => new TeiCrossEncoder({ baseUrl: server.url, timeoutMs });
  const query = 'return a dress';
  const texts = ['delivery times', 'how to return a dress', 'return policy'];

  beforeAll(async () => {
    server = await FakeTeiServer.start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.behaviour = 'ok';
    server.requests.length = 0;
  });

  it('posts {query, texts, raw_scores: false, return_text: false} to /rerank', async () => {
    await new TeiCrossEncoder({ baseUrl: `${server.url}/` }).rerank(query, texts);
    expect(server.requests).toEqual([{ query, texts, raw_scores: false, return_text: false }]);
  });

  it('puts the sorted response back in input order', async () => {
    // The server lists index 1 first (highest score); the client must not return that order.
    expect(await encoder().rerank(query, texts)).toEqual([0, 1, 1 / 3]);
  });

  it('applies a sigmoid when the scores are logits', async () => {
    server.behaviour = 'logits';
    const scores = await encoder().rerank(query, texts);
    expect(scores[0]).toBeCloseTo(sigmoid(-5), 10);
    expect(scores[1]).toBeCloseTo(sigmoid(5), 10);
    expect(scores[2]).toBeCloseTo(sigmoid(10 / 3 - 5), 10);
  });

  it('makes no request for no texts', async () => {
    expect(await encoder().rerank(query, [])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("maps an HTTP error to ModelUnavailable with the status and TEI's own words", async () => {
    server.behaviour = 'error';
    const failure = encoder().rerank(query, texts);
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ code: 'model_unavailable', status: 424 });
    await expect(failure).rejects.toThrow(/HTTP 424: Inference failed$/);
  });

  it.each([
    ['garbage', /non-JSON/],
    ['wrong-count', /2 scores for 3 texts/],
    ['duplicate-index', /index 0 twice/],
  ] as const)('maps a %s response to RerankerResponseInvalid', async (behaviour, message) => {
    server.behaviour = behaviour;
    const failure = encoder().rerank(query, texts);
    await expect(failure).rejects.toBeInstanceOf(RerankerResponseInvalid);
    await expect(failure).rejects.toMatchObject({ code: 'model_invalid_response' });
    await expect(failure).rejects.toThrow(message);
  });

  it('maps a hung server to ModelTimeout after the configured time', async () => {
    server.behaviour = 'hang';
    const started = Date.now();
    const failure = encoder(200).rerank(query, texts);
    await expect(failure).rejects.toBeInstanceOf(ModelTimeout);
    await expect(failure).rejects.toMatchObject({ code: 'model_timeout', timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("rejects with the caller's abort reason, not a model error, when the caller aborts", async () => {
    server.behaviour = 'hang';
    const controller = new AbortController();
    const reason = new Error('turn cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(encoder(5_000).rerank(query, texts, { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('maps an unreachable server to ModelUnavailable', async () => {
    const closed = await FakeTeiServer.start();
    await closed.close();
    const failure = new TeiCrossEncoder({ baseUrl: closed.url }).rerank(query, texts);
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ code: 'model_unavailable', status: undefined });
  });
});

describe("TeiCrossEncoder and TEI's per-request limit (max_client_batch_size)", () => {
  let server: FakeTeiServer;
  const query = 'how do I return a dress';
  // FUSED_TOP_K above TEI's default limit of 32: 40 texts, one of which answers.
  const texts = Array.from({ length: 40 }, (_, i) =>
    i === 37 ? 'how do I return a dress: within 14 days' : `delivery note ${i}`,
  );

  beforeAll(async () => {
    server = await FakeTeiServer.start({ maxClientBatchSize: 32 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.refusedForSize = 0;
    server.maxClientBatchSize = 32;
  });

  it('reads the limit from GET /info and splits 40 texts into requests of at most 32', async () => {
    const scores = await new TeiCrossEncoder({ baseUrl: server.url }).rerank(query, texts);
    expect(scores).toHaveLength(40);
    expect(scores.indexOf(Math.max(...scores))).toBe(37);
    expect(server.requests.map((r) => r.texts.length).sort((a, b) => a - b)).toEqual([8, 32]);
    expect(server.refusedForSize).toBe(0);
  });

  it("a limit lowered after /info was read: the refusal's limit is learnt and the call still answers", async () => {
    const encoder = new TeiCrossEncoder({ baseUrl: server.url });
    await encoder.rerank(query, texts.slice(0, 2));
    server.maxClientBatchSize = 16;
    const scores = await encoder.rerank(query, texts);
    expect(scores.indexOf(Math.max(...scores))).toBe(37);
    expect(server.refusedForSize).toBeGreaterThan(0);
    expect(Math.max(...server.requests.map((r) => r.texts.length))).toBeLessThanOrEqual(16);
  });
});
