import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ModelInvalidResponse, ModelMismatch, ModelTimeout, ModelUnavailable } from '../errors.js';
import { FakeTeiServer } from '../testing/fake-tei-server.js';
import { TeiSupportJudge } from './tei-support-judge.js';

const RETURNS = 'You can return items within 21 days of the delivery date.';
const PAIRS = [
  { premise: RETURNS, hypothesis: 'You have three weeks to send things back.' },
  { premise: RETURNS, hypothesis: 'Returns are accepted for 30 days.' },
  { premise: RETURNS, hypothesis: 'Delivery is free.' },
];

describe('TeiSupportJudge against a TEI classifier', () => {
  let server: FakeTeiServer;
  const judge = (timeoutMs = 1_500) => new TeiSupportJudge({ baseUrl: server.url, timeoutMs });

  beforeAll(async () => {
    server = await FakeTeiServer.start({ modelType: 'classifier' });
    server.scriptEntailment(PAIRS[0]!.premise, PAIRS[0]!.hypothesis, 0.97);
    server.scriptEntailment(PAIRS[1]!.premise, PAIRS[1]!.hypothesis, 0.04);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.behaviour = 'ok';
    server.predictRequests.length = 0;
  });

  it('posts the pairs as one batch to /predict, softmaxed and truncated', async () => {
    await new TeiSupportJudge({ baseUrl: `${server.url}/` }).entailment(PAIRS);
    expect(server.predictRequests).toEqual([
      {
        inputs: PAIRS.map((pair) => [pair.premise, pair.hypothesis]),
        raw_scores: false,
        truncate: true,
      },
    ]);
  });

  it("returns each pair's entailment probability in input order", async () => {
    expect(await judge().entailment(PAIRS)).toEqual([0.97, 0.04, 0]);
  });

  it('makes no request for no pairs', async () => {
    expect(await judge().entailment([])).toEqual([]);
    expect(server.predictRequests).toHaveLength(0);
  });

  it('says what it serves once verified', async () => {
    await expect(judge().verify()).resolves.toMatchObject({
      modelId: 'MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7',
      modelType: 'classifier',
      labels: ['entailment', 'neutral', 'contradiction'],
    });
  });

  it("maps an HTTP error to ModelUnavailable with the status and TEI's own words", async () => {
    server.behaviour = 'error';
    const failure = judge().entailment(PAIRS);
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.toMatchObject({ status: 424 });
    await expect(failure).rejects.toThrow(/HTTP 424: Inference failed$/);
  });

  it.each([
    ['garbage', /non-JSON/],
    ['wrong-count', /2 predictions for 3 pairs/],
  ] as const)('maps a %s response to ModelInvalidResponse', async (behaviour, message) => {
    server.behaviour = behaviour;
    const failure = judge().entailment(PAIRS);
    await expect(failure).rejects.toBeInstanceOf(ModelInvalidResponse);
    await expect(failure).rejects.toThrow(message);
  });

  it('maps a hung server to ModelTimeout after the configured time', async () => {
    const verified = judge(200);
    await verified.verify();
    server.behaviour = 'hang';
    const started = Date.now();
    const failure = verified.entailment(PAIRS);
    await expect(failure).rejects.toBeInstanceOf(ModelTimeout);
    await expect(failure).rejects.toMatchObject({ code: 'model_timeout', timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("rejects with the caller's abort reason when the caller aborts", async () => {
    server.behaviour = 'hang';
    const controller = new AbortController();
    const reason = new Error('turn cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(judge(5_000).entailment(PAIRS, { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('maps an unreachable server to ModelUnavailable, not a mismatch: it may yet come up', async () => {
    const closed = await FakeTeiServer.start({ modelType: 'classifier' });
    await closed.close();
    const failure = new TeiSupportJudge({ baseUrl: closed.url }).entailment(PAIRS);
    await expect(failure).rejects.toBeInstanceOf(ModelUnavailable);
    await expect(failure).rejects.not.toBeInstanceOf(ModelMismatch);
  });
});

describe('TeiSupportJudge refuses a server that serves no entailment label', () => {
  const servers: FakeTeiServer[] = [];
  const start = async (options: Parameters<typeof FakeTeiServer.start>[0]) => {
    const server = await FakeTeiServer.start(options);
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('a reranker: its scores are no entailment', async () => {
    const server = await start({ modelType: 'reranker' });
    const judge = new TeiSupportJudge({ baseUrl: server.url });
    await expect(judge.verify()).rejects.toBeInstanceOf(ModelMismatch);
    await expect(judge.entailment(PAIRS)).rejects.toThrow(/a reranker model, not a classifier/);
    expect(server.predictRequests).toHaveLength(0);
  });

  it('a classifier without the label asked for', async () => {
    const server = await start({ modelType: 'classifier', labels: ['negative', 'positive'] });
    const failure = new TeiSupportJudge({ baseUrl: server.url }).entailment(PAIRS);
    await expect(failure).rejects.toBeInstanceOf(ModelMismatch);
    await expect(failure).rejects.toThrow(/labels \(negative, positive\) have no "entailment"/);
  });

  it('reads the label configured, in any case', async () => {
    const server = await start({
      modelType: 'classifier',
      labels: ['ENTAILMENT', 'NOT_ENTAILMENT'],
    });
    server.scriptEntailment(PAIRS[0]!.premise, PAIRS[0]!.hypothesis, 0.93);
    const judge = new TeiSupportJudge({ baseUrl: server.url, entailmentLabel: 'entailment' });
    expect(await judge.entailment(PAIRS.slice(0, 1))).toEqual([0.93]);
    const other = new TeiSupportJudge({ baseUrl: server.url, entailmentLabel: 'not_entailment' });
    expect((await other.entailment(PAIRS.slice(0, 1)))[0]).toBeCloseTo(0.07, 10);
  });
});

describe("TeiSupportJudge and TEI's per-request limit (max_client_batch_size)", () => {
  let server: FakeTeiServer;

  beforeAll(async () => {
    server = await FakeTeiServer.start({ modelType: 'classifier', maxClientBatchSize: 4 });
  });
  afterAll(() => server.close());

  it('splits the pairs into requests of the limit /info names, scores kept in order', async () => {
    const pairs = Array.from({ length: 10 }, (_, i) => ({ premise: 'p', hypothesis: `h${i}` }));
    server.scriptEntailment('p', 'h7', 0.99);
    const scores = await new TeiSupportJudge({ baseUrl: server.url }).entailment(pairs);
    expect(scores.indexOf(0.99)).toBe(7);
    expect(server.predictRequests.map((r) => r.inputs.length).sort()).toEqual([2, 4, 4]);
    expect(server.refusedForSize).toBe(0);
  });
});
