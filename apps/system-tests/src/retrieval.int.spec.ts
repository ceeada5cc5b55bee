import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BusConnection,
  busOptionsFromEnv,
  type EventPublisher,
  newEventId,
  readEventLog,
} from '@support/bus';
import {
  createEvent,
  type DocumentIndexed,
  type EnvelopeOf,
  RerankCompleted,
  RerankRequested,
  type RetrievalCompletedPayload,
} from '@support/contracts';
import { FakeTeiServer } from '@support/models/testing';
import { type StartedService, startService } from '@support/platform';
import { RerankerProxyModule } from '@support/reranker-proxy';
import { PersonalData } from '@support/privacy';
import {
  createTestDatabase,
  eventually,
  sampleValue,
  scrapeMetrics,
  startNatsServer,
  uniqueName,
} from '@support/testing';
import { type IndexLeg, InProcessVectorIndex } from '@support/vector-index';
import { FaultyIndex } from './support/faulty-index.js';
import { kbDocuments } from './support/kb.js';
import { type KbDocument, parseKbMarkdown, RetrievalModule } from '@support/retrieval';
import { RetrievalProbe } from '@support/retrieval/testing';

interface RetrievalStack {
  readonly index: FaultyIndex;
  readonly retrieval: StartedService;
  readonly proxy: StartedService;
  readonly publisher: EventPublisher;
  readonly probe: RetrievalProbe;
  readonly busEnv: { readonly NATS_URL: string; readonly EVENT_STREAM: string };
  upsert(docs: readonly KbDocument[]): Promise<EnvelopeOf<typeof DocumentIndexed>[]>;
  ask(query: string): Promise<RetrievalCompletedPayload>;
  close(): Promise<void>;
}

/** Retrieval and the reranker proxy on a test-owned nats-server, with a probe on their events. */
async function startRetrievalStack(extraEnv: Record<string, string>): Promise<RetrievalStack> {
  const nats = await startNatsServer();
  const index = new FaultyIndex(new InProcessVectorIndex({}));
  const dataDir = mkdtempSync(join(tmpdir(), 'retrieval-test-'));
  const database = await createTestDatabase();
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('RETRIEVAL') };
  const env = {
    ...busEnv,
    VECTOR_INDEX_DIR: dataDir,
    LEG_TIMEOUT_MS: '400',
    RERANK_TIMEOUT_MS: '300',
    RERANK_WAIT_MS: '2000',
    RERANK_MIN_SCORE: '0.3',
    LEXICAL_MIN_SCORE: '0.4',
    ...extraEnv,
  };
  const busOverrides = { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [50] };
  const hostOptions = { port: 0, host: '127.0.0.1', shutdownHooks: false } as const;
  const retrieval = await startService(
    'retrieval',
    RetrievalModule.register({ env, bus: busOverrides, index, database: { url: database.url } }),
    hostOptions,
  );
  const proxy = await startService(
    'reranker-proxy',
    RerankerProxyModule.register({ env, bus: busOverrides, database: { url: database.url } }),
    hostOptions,
  );
  const probe = await RetrievalProbe.open({
    name: 'retrieval-test',
    env: busEnv,
    conversationId: 'conv-r',
    personalData: retrieval.app.get(PersonalData),
  });

  return {
    index,
    retrieval,
    proxy,
    publisher: probe.publisher,
    probe,
    busEnv,
    upsert: (docs) => probe.upsertIndexed(docs),
    ask: (query) => probe.ask(query),
    close: async () => {
      await probe.close();
      await proxy.app.close();
      await retrieval.app.close();
      await nats.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A counter of the retrieval service, as its `/metrics` shows it now. */
const retrievalCounter = async (
  stack: RetrievalStack,
  name: string,
  labels: Record<string, string>,
) => sampleValue(await scrapeMetrics(stack.retrieval.url), name, labels);

const legStatus = (result: RetrievalCompletedPayload) =>
  Object.fromEntries(result.legs.map((l) => [l.leg, l.status]));
const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

describe('retrieval with the embedded default reranker (lexical)', () => {
  let stack: RetrievalStack;
  let index: FaultyIndex;
  const ask = (q: string) => stack.ask(q);

  beforeAll(async () => {
    stack = await startRetrievalStack({});
    index = stack.index;
  });
  afterAll(() => stack.close());

  it('indexes every document of the sample knowledge base from kb.document_upserted', async () => {
    const confirmations = await stack.upsert(kbDocuments());
    const chunks = confirmations.reduce((n, e) => n + e.payload.chunkIds.length, 0);
    expect(await index.count('support_docs')).toBe(chunks);
    expect(confirmations[0]!.payload.chunkIds[0]).toMatch(/^[a-z0-9-]+#1$/);
    expect(confirmations.every((e) => e.payload.embedder.length > 0)).toBe(true);
  });

  it('is idempotent, and a changed document loses its stale chunks', async () => {
    const docs = kbDocuments();
    const total = await index.count('support_docs');
    await stack.upsert(docs);
    expect(await index.count('support_docs')).toBe(total);

    const original = docs.find((d) => d.docId === 'retail-returns')!;
    const before = await index.documentChunkIds('support_docs', original.docId);
    const shortened = parseKbMarkdown(
      `---\nid: retail-returns\ntitle: ${original.title}\nlang: en\ntopic: returns\n---\n# Returns\n\nYou can return items within 21 days of delivery.\n`,
    );
    const [confirmation] = await stack.upsert([shortened]);
    expect(confirmation!.payload).toMatchObject({
      chunkIds: ['retail-returns#1'],
      removedChunks: before.length - 1,
    });
    expect(await index.documentChunkIds('support_docs', 'retail-returns')).toEqual([
      'retail-returns#1',
    ]);
    expect(await index.count('support_docs')).toBe(total - before.length + 1);
    await stack.upsert([original]);
    expect(await index.count('support_docs')).toBe(total);
  });

  it('answers an English question from the right document, skipping the Arabic sparse leg', async () => {
    const result = await ask('How long does delivery to Muscat take?');
    expect(result.verdict).toBe('ok');
    expect(result.language).toBe('en');
    expect(legStatus(result)).toEqual({ dense: 'ok', sparse_en: 'ok', sparse_ar: 'skipped' });
    expect(result.rerank).toMatchObject({ scorer: 'lexical', failOpen: false });
    expect(result.gate).toMatchObject({ kind: 'lexical', floor: 0.4, passed: true });
    expect(result.chunks.map((c) => c.docId)).toContain('delivery-times-fees');
    // PROMPT_CHUNKS (4), and the ones that tie with the fourth, up to twice as many.
    expect(result.chunks.length).toBeLessThanOrEqual(8);
    expect(result.fused.length).toBeGreaterThan(result.chunks.length);
  });

  it('routes Arabic to the Arabic sparse leg and mixed text to all three', async () => {
    const arabic = await ask('ما رسوم الدفع عند الاستلام في البحرين؟');
    expect(legStatus(arabic)).toEqual({ dense: 'ok', sparse_ar: 'ok', sparse_en: 'skipped' });
    expect(arabic.chunks.map((c) => c.docId)).toContain('ar-payment-options');
    const mixed = await ask('can I pay بالبطاقة عند الباب in Jeddah?');
    expect(mixed.language).toBe('mixed');
    expect(legStatus(mixed)).toEqual({ dense: 'ok', sparse_en: 'ok', sparse_ar: 'ok' });
  });

  it('drops a leg that hangs past its timeout and answers from the others', async () => {
    const timeouts = () =>
      retrievalCounter(stack, 'support_leg_timeouts_total', { leg: 'sparse_en' });
    const before = await timeouts();
    index.faults.set('sparse_en', 'hang');
    try {
      const result = await ask('How long does delivery to Muscat take?');
      expect(legStatus(result)).toMatchObject({ dense: 'ok', sparse_en: 'timed_out' });
      expect(result.legs.find((l) => l.leg === 'sparse_en')!.latencyMs).toBeGreaterThanOrEqual(350);
      expect(result.verdict).toBe('ok');
      expect((await timeouts()) - before).toBe(1);
    } finally {
      index.faults.clear();
    }
  });

  it('says retrieval_unavailable when every leg fails', async () => {
    index.faults.set('dense', 'fail').set('sparse_en', 'fail');
    try {
      const result = await ask('How long does delivery to Muscat take?');
      expect(result).toMatchObject({ verdict: 'retrieval_unavailable', chunks: [], fused: [] });
      expect(result.legs.find((l) => l.leg === 'dense')!.error).toMatchObject({
        code: 'index_unavailable',
      });
    } finally {
      index.faults.clear();
    }
  });

  it.each([
    [{ dense: 'slow', sparse_en: 'slow', sparse_ar: 'slow' }],
    [{ dense: 'fail' }],
    [{ sparse_ar: 'hang' }],
    [{ dense: 'fail', sparse_en: 'hang' }],
    [{ dense: 'hang', sparse_ar: 'fail' }],
  ] as const)(
    'answers a mixed question from the legs that answer in time when %j',
    async (faults) => {
      for (const [leg, fault] of Object.entries(faults)) index.faults.set(leg as IndexLeg, fault);
      try {
        const result = await ask('can I pay بالبطاقة عند الباب in Jeddah?');
        const statuses = legStatus(result);
        const expected = { slow: 'ok', hang: 'timed_out', fail: 'failed' } as const;
        for (const [leg, fault] of Object.entries(faults))
          expect(statuses[leg]).toBe(expected[fault]);
        const healthy = result.legs.filter((l) => !(l.leg in faults));
        expect(healthy.every((l) => l.status === 'ok')).toBe(true);
        expect(result.verdict).not.toBe('retrieval_unavailable');
        expect(result.fused.length).toBeGreaterThan(0);
      } finally {
        index.faults.clear();
      }
    },
  );

  it.each(['hang', 'fail'] as const)(
    'says retrieval_unavailable when all three legs %s',
    async (fault) => {
      for (const leg of ['dense', 'sparse_en', 'sparse_ar'] as const) index.faults.set(leg, fault);
      try {
        const result = await ask('can I pay بالبطاقة عند الباب in Jeddah?');
        expect(result).toMatchObject({ verdict: 'retrieval_unavailable', chunks: [] });
      } finally {
        index.faults.clear();
      }
    },
  );

  it('blocks a plausible neighbour with below_score_floor', async () => {
    const result = await ask(NEIGHBOUR);
    expect(result.verdict).toBe('below_score_floor');
    expect(result.gate).toMatchObject({ kind: 'lexical', passed: false });
    expect(result.chunks.map((c) => c.docId)).toContain('retail-returns');
  });

  it('reports readiness with the index', async () => {
    const ready = await fetch(`${stack.retrieval.url}/health/ready`);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      checks: { nats: 'ok', 'vector-index': 'ok' },
    });
  });
});

describe('retrieval with a cross-encoder host (TEI)', () => {
  let stack: RetrievalStack;
  let tei: FakeTeiServer;

  beforeAll(async () => {
    tei = await FakeTeiServer.start({ behaviour: 'ok' });
    stack = await startRetrievalStack({ RERANKER_URL: tei.url });
    await stack.upsert(kbDocuments());
  });
  afterAll(async () => {
    await stack.close();
    await tei.close();
  });

  it('reranks with the cross-encoder and gates on its floor', async () => {
    const result = await stack.ask('How long does delivery to Muscat take?');
    expect(result.rerank).toMatchObject({ scorer: 'cross_encoder', failOpen: false });
    expect(result.gate).toMatchObject({ kind: 'reranker', floor: 0.3 });
    expect(tei.requests.at(-1)!.texts).toHaveLength(result.rerank!.scores.length);
    const scores = result.chunks.map((c) => c.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('opens the sealed query to search and to rerank; a forgotten customer’s is searched for nowhere', async () => {
    const question = 'How long does delivery to Muscat take?';
    const personalData = stack.retrieval.app.get(PersonalData);
    const sealed = await personalData.sealText('cust-forgetful', question);
    expect((await stack.probe.askSealed(sealed)).verdict).toBe('ok');
    // The reranker proxy opened the query, sealed again by retrieval under the customer's key.
    expect(tei.requests.at(-1)!.query).toBe(question);
    const forgotten = await personalData.forget('cust-forgetful');
    // The proxy holds the key unwrapped for CUSTOMER_KEY_CACHE_MS; past that it reads it destroyed.
    await stack.proxy.app.get(PersonalData).destroyKeys(forgotten);
    const scored = tei.requests.length;
    // The same request again (a redelivery after the erasure): nothing searched, nothing scored.
    const again = await stack.probe.askSealed(sealed);
    expect(again).toMatchObject({ verdict: 'below_score_floor', legs: [], fused: [], chunks: [] });
    // A rerank request of theirs still in the log: the proxy scores nothing and fails open.
    const requestId = newEventId();
    await stack.publisher.publish(
      createEvent(
        RerankRequested,
        { requestId, query: sealed, candidates: [{ chunkId: 'delivery-gcc#2', text: question }] },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId: 'conv-r',
          turnId: newEventId(),
          correlationId: newEventId(),
        },
      ),
    );
    const bus = await BusConnection.open(busOptionsFromEnv('retrieval-test-log', stack.busEnv));
    try {
      const completed = await eventually(async () => {
        const { events } = await readEventLog(bus, RerankCompleted);
        const found = (events as EnvelopeOf<typeof RerankCompleted>[]).find(
          (e) => e.payload.requestId === requestId,
        );
        return found?.payload ?? false;
      }, 15_000);
      expect(completed).toMatchObject({
        status: 'failed_open',
        scores: [],
        error: { code: 'customer_forgotten' },
      });
    } finally {
      await bus.close();
    }
    expect(tei.requests.length).toBe(scored);
  });

  it.each(['hang', 'error', 'garbage', 'wrong-count'] as const)(
    'fails open when the cross-encoder %s, and the lexical gate still blocks the neighbour',
    async (behaviour) => {
      const failOpens = (cause: string) =>
        retrievalCounter(stack, 'support_reranker_fail_open_total', { cause });
      const [failedBefore, timedOutBefore] = [
        await failOpens('reranker_failed'),
        await failOpens('timeout'),
      ];
      tei.behaviour = behaviour;
      try {
        const neighbour = await stack.ask(NEIGHBOUR);
        expect(neighbour.rerank).toMatchObject({ failOpen: true, scorer: 'lexical' });
        expect(neighbour.gate).toMatchObject({ kind: 'lexical', floor: 0.4, passed: false });
        expect(neighbour.verdict).toBe('below_score_floor');

        const answerable = await stack.ask('How long does delivery to Muscat take?');
        expect(answerable.rerank).toMatchObject({ failOpen: true });
        expect(answerable.gate).toMatchObject({ kind: 'lexical', passed: true });
        expect(answerable.verdict).toBe('ok');
        // Each rerank counts (the neighbour's second search in the other language too), and the
        // proxy said it failed: retrieval's own wait did not run out.
        expect((await failOpens('reranker_failed')) - failedBefore).toBeGreaterThanOrEqual(2);
        expect((await failOpens('timeout')) - timedOutBefore).toBe(0);
      } finally {
        tei.behaviour = 'ok';
      }
    },
  );
});
