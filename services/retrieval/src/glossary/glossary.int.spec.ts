import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type StartedService, startService } from '@support/platform';
import { openDatabase, personalDataOf } from '@support/persistence';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { InProcessVectorIndex } from '@support/vector-index';
import { documentUpsertedEvent, parseKbMarkdown } from '../ingestion/kb-document.js';
import { RetrievalModule } from '../retrieval.module.js';
import { RetrievalProbe } from '../testing/retrieval-probe.js';
import { glossaryUpsertedEvent } from './glossary-file.js';

const ARABIC_PAYMENTS = parseKbMarkdown(
  '---\nid: ar-payments\ntitle: طرق الدفع\nlang: ar\ntopic: payments\n---\n' +
    'نقبل الدفع عبر محفظة جود في تطبيقنا، ويُضاف رصيدها فور الشحن.\n',
);
const ENGLISH_GIFTS = parseKbMarkdown(
  '---\nid: gift-cards\ntitle: Gift cards\nlang: en\ntopic: gifts\n---\n' +
    'Gift cards are valid for one year and can be used online.\n',
);
// A shop's own name: the region's payment brands (Tabby, mada...) are built in and need no entry.
const GLOSSARY = 'pairs:\n  - en: Joud wallet\n    ar: محفظة جود\n';

describe('the knowledge base glossary (event-sourced, per namespace)', () => {
  let nats: TestNatsServer;
  let probe: RetrievalProbe;
  let service: StartedService | null = null;
  let database: TestDatabase;
  // The probe seals its questions with a connection of its own: retrieval restarts below.
  let keys: Awaited<ReturnType<typeof openDatabase>>;
  const index = new InProcessVectorIndex({});
  const stream = uniqueName('GLOSSARY');

  const startRetrieval = async () => {
    service = await startService(
      'retrieval',
      RetrievalModule.register({
        // No reranker proxy answers: retrieval fails open to the lexical gate.
        env: { NATS_URL: nats.url, EVENT_STREAM: stream, RERANK_WAIT_MS: '200' },
        bus: { servers: nats.url, stream, backoffMs: [50] },
        index,
        database: { url: database.url },
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
  };
  const ask = (query: string) => probe.ask(query);

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createTestDatabase();
    await startRetrieval();
    keys = await openDatabase({ url: database.url, poolSize: 2 });
    probe = await RetrievalProbe.open({
      name: 'glossary-test',
      env: { NATS_URL: nats.url, EVENT_STREAM: stream },
      conversationId: 'conv-glossary',
      personalData: personalDataOf(keys),
    });
    for (const doc of [ARABIC_PAYMENTS, ENGLISH_GIFTS])
      await probe.publishAndWait(documentUpsertedEvent(doc));
  }, 60_000);

  afterAll(async () => {
    await probe?.close();
    await service?.app.close();
    await keys?.destroy();
    await nats.stop();
    await database?.drop();
  });

  it('without a glossary, an English question does not reach the Arabic document', async () => {
    const result = await ask('Do you accept the Joud wallet?');
    expect(result.verdict).toBe('below_score_floor');
  });

  it('with it, the question finds the Arabic document, and the glossary is not indexed', async () => {
    const glossary = glossaryUpsertedEvent(GLOSSARY);
    await probe.publishAndWait(glossary);
    expect(probe.indexed(glossary.id)!.payload.chunkIds).toEqual([]);
    const result = await ask('Do you accept the Joud wallet?');
    expect(result.verdict).toBe('ok');
    expect(result.chunks[0]?.docId).toBe('ar-payments');
    expect(result.legs.find((leg) => leg.leg === 'sparse_ar')?.status).toBe('ok');
  });

  it('keeps the glossary when retrieval restarts: it is read back from the event log', async () => {
    await service!.app.close();
    await startRetrieval();
    const result = await eventually(async () => {
      const answer = await ask('Do you accept the Joud wallet?');
      return answer.verdict === 'ok' && answer;
    }, 30_000);
    expect(result.chunks[0]?.docId).toBe('ar-payments');
  }, 60_000);

  it('is per namespace: the same documents elsewhere without a glossary are not reached', async () => {
    for (const doc of [ARABIC_PAYMENTS, ENGLISH_GIFTS])
      await probe.publishAndWait(documentUpsertedEvent(doc, { namespace: 'plain_ns' }));
    const result = await probe.ask('Do you accept the Joud wallet?', 'plain_ns');
    expect(result.verdict).toBe('below_score_floor');
  });
});
