import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ORDER_MIGRATIONS } from '@support/agent';
import { BusConnection, busOptionsFromEnv } from '@support/bus';
import { ESCALATION_MIGRATIONS } from '@support/escalation';
import { FakeSlackApi } from '@support/escalation/testing';
import { GATEWAY_MIGRATIONS } from '@support/gateway';
import {
  FakeOpenAiChatServer,
  FakeOpenAiServer,
  FakeTeiServer,
  type RecordedChatRequest,
} from '@support/models/testing';
import { openDatabase } from '@support/persistence';
import {
  createTestDatabase,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  uniqueName,
} from '@support/testing';
import { QdrantVectorIndex } from '@support/vector-index';
import { type FakeQdrantServer, startFakeQdrantServer } from '@support/vector-index/testing';
import { reportLine } from './doctor-report.js';
import { runDoctor } from './doctor.js';
import { KNOWN_ENTAILMENT } from './model-host-checks.js';

// Every remote part is a local server speaking its real protocol, each built from what its authors
// publish (see each fake): vLLM 0.11 (`FakeOpenAiChatServer` with `vllm`), text-embeddings-
// inference 1.8 (`FakeOpenAiServer` with `tei`, `FakeTeiServer`), Qdrant 1.18, Slack's Web API; NATS
// and PostgreSQL are real.

const CLI = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const MODEL = 'Qwen/Qwen3-VL-8B-Instruct';
const CHANNEL = 'C0HANDOFF';

/** A served Qwen3 that calls the ping tool when it has tools and names a colour otherwise. */
function respond(request: RecordedChatRequest) {
  return request.tools?.length
    ? { kind: 'tool_calls' as const, calls: [{ name: 'doctor_ping', arguments: { word: 'pong' } }] }
    : { kind: 'text' as const, text: 'Red.' };
}

describe('cli doctor against the local servers', () => {
  let nats: TestNatsServer;
  let db: TestDatabase;
  let bare: TestDatabase;
  let llm: FakeOpenAiChatServer;
  let embeddings: FakeOpenAiServer;
  let reranker: FakeTeiServer;
  let judge: FakeTeiServer;
  let qdrant: FakeQdrantServer;
  let qdrantWithoutIdf: FakeQdrantServer;
  let slack: FakeSlackApi;
  let env: Record<string, string>;
  const stream = uniqueName('DOCTOR');

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createTestDatabase('doctor_test');
    bare = await createTestDatabase('doctor_test');
    const dataSource = await openDatabase({
      url: db.url,
      migrations: [...ORDER_MIGRATIONS, ...ESCALATION_MIGRATIONS, ...GATEWAY_MIGRATIONS],
    });
    await dataSource.destroy();
    const busEnv = { NATS_URL: nats.url, EVENT_STREAM: stream };
    await (await BusConnection.open(busOptionsFromEnv('doctor-test', busEnv))).close();
    llm = await FakeOpenAiChatServer.start({
      respond,
      vllm: { servedModelName: MODEL, maxModelLen: 16_384, autoToolChoice: true, imageLimit: 4 },
    });
    embeddings = await FakeOpenAiServer.start({ tei: { maxClientBatchSize: 32 } });
    reranker = await FakeTeiServer.start({ maxClientBatchSize: 32 });
    judge = await FakeTeiServer.start({ modelType: 'classifier' });
    const { premise, entailed, contradicted } = KNOWN_ENTAILMENT;
    judge.scriptEntailment(premise, entailed, 0.96);
    judge.scriptEntailment(premise, contradicted, 0.01);
    qdrant = await startFakeQdrantServer();
    qdrantWithoutIdf = await startFakeQdrantServer({ sparseModifier: 'none' });
    const collection = (server: FakeQdrantServer) =>
      new QdrantVectorIndex({ url: server.url }).ensureCollection('support_docs', {
        denseSize: 1024,
      });
    await collection(qdrant);
    // Retrieval refuses to use a collection whose sparse vectors lack IDF (it is made all the same).
    await expect(collection(qdrantWithoutIdf)).rejects.toThrow(/lacks modifier idf/);
    slack = await FakeSlackApi.start();
    slack.channels.set(CHANNEL, { name: 'handoffs', botIsMember: true });
    slack.users.set('UADMIN01', { id: 'UADMIN01', name: 'huda' });
    env = {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: MODEL,
      MODEL_CONTEXT_TOKENS: '16384',
      EMBEDDINGS_BASE_URL: embeddings.baseUrl,
      EMBEDDINGS_BATCH: '64',
      RERANKER_URL: reranker.url,
      SUPPORT_JUDGE_URL: judge.url,
      FUSED_TOP_K: '40',
      QDRANT_URL: qdrant.url,
      SLACK_BOT_TOKEN: 'xoxb-test',
      SLACK_CHANNEL: CHANNEL,
      SLACK_ADMIN_USER_IDS: 'UADMIN01',
      SLACK_API_URL: slack.apiUrl,
      DATABASE_URL: db.url,
      ...busEnv,
    };
  });
  afterAll(async () => {
    await Promise.all([
      llm?.close(),
      embeddings?.close(),
      reranker?.close(),
      judge?.close(),
      qdrant?.close(),
      qdrantWithoutIdf?.close(),
      slack?.stop(),
    ]);
    await db?.drop();
    await bare?.drop();
    await nats?.stop();
  });

  /** The doctor's line for `part` with `overrides` on the healthy environment. */
  const lineFor = async (part: string, overrides: Record<string, string> = {}) => {
    const reports = await runDoctor({ ...env, ...overrides }, 5_000);
    return reportLine(reports.find((report) => report.part === part)!);
  };

  it('the built CLI passes every part and exits 0; --json says the same', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [CLI, 'doctor'], {
      env: { ...process.env, ...env },
    });
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'PASS chat',
      'PASS embeddings',
      'PASS reranker',
      'PASS support',
      'PASS Qdrant',
      'PASS Slack',
      'PASS NATS',
      'PASS PostgreSQL',
    ]);
    expect(stdout).toContain('max_model_len 16384 >= MODEL_CONTEXT_TOKENS 16384');
    expect(stdout).toContain('FUSED_TOP_K 40 > max_client_batch_size 32: sent as 2 requests');
    expect(stdout).toContain(
      'a known paraphrase is entailed 0.960 vs 0.010 for its contradiction (vouched for from 0.9)',
    );
    const json = await run(process.execPath, [CLI, 'doctor', '--json'], {
      env: { ...process.env, ...env },
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true });
  }, 60_000);

  it('a failing part exits 1 with its line', async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, [CLI, 'doctor'], {
      env: { ...process.env, ...env, LLM_MODEL: 'Qwen/Qwen2.5-VL-7B-Instruct' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect('code' in failure && failure.code).toBe(1);
    expect(failure.stdout).toMatch(
      /^FAIL chat model .*not LLM_MODEL Qwen\/Qwen2\.5-VL-7B-Instruct/m,
    );
  }, 60_000);

  it('wrong model: names what is served and the flag that fixes it', async () => {
    expect(await lineFor('chat model', { LLM_MODEL: 'Qwen/Qwen3-8B' })).toMatch(
      /FAIL chat model .*serves Qwen\/Qwen3-VL-8B-Instruct, not LLM_MODEL Qwen\/Qwen3-8B → fix: start vLLM with --served-model-name Qwen\/Qwen3-8B/,
    );
  });

  it('small context: max_model_len under MODEL_CONTEXT_TOKENS', async () => {
    llm.vllm = { ...llm.vllm!, maxModelLen: 8_192 };
    try {
      expect(await lineFor('chat model')).toMatch(
        /max_model_len 8192 < MODEL_CONTEXT_TOKENS 16384 → fix: start vLLM with --max-model-len 16384/,
      );
    } finally {
      llm.vllm = { ...llm.vllm!, maxModelLen: 16_384 };
    }
  });

  it('no tool parser: vLLM refuses "auto" tool choice, the fix names both flags', async () => {
    llm.vllm = { ...llm.vllm!, autoToolChoice: false };
    try {
      expect(await lineFor('chat model')).toMatch(
        /tool calls are off .*→ fix: start vLLM with --enable-auto-tool-choice --tool-call-parser hermes/,
      );
    } finally {
      llm.vllm = { ...llm.vllm!, autoToolChoice: true };
    }
  });

  it('photos off: vLLM refuses an image, the fix is --limit-mm-per-prompt', async () => {
    llm.vllm = { ...llm.vllm!, imageLimit: 0 };
    try {
      expect(await lineFor('chat model')).toMatch(
        /photos are refused .*At most 0 image\(s\).*→ fix: start vLLM with --limit-mm-per-prompt/,
      );
    } finally {
      llm.vllm = { ...llm.vllm!, imageLimit: 4 };
    }
  });

  it("wrong dimension: the embeddings do not fit the collection's dense vector", async () => {
    embeddings.behaviour = 'wrong-dimensions';
    try {
      expect(await lineFor('embeddings')).toMatch(
        /FAIL embeddings .*returned 768-dimensional vectors, but 1024 are configured → fix: serve a 1024-dimensional model/,
      );
    } finally {
      embeddings.behaviour = 'ok';
    }
  });

  it('a reranker URL that serves an embedding model', async () => {
    expect(
      await lineFor('reranker', { RERANKER_URL: embeddings.baseUrl.replace(/\/v1$/, '') }),
    ).toMatch(
      /FAIL reranker .*serves Qwen\/Qwen3-Embedding-0\.6B, an embedding model, not a reranker/,
    );
  });

  it('a support judge URL that serves a reranker, or a classifier without the label', async () => {
    expect(await lineFor('support judge', { SUPPORT_JUDGE_URL: reranker.url })).toMatch(
      /FAIL support judge .*a reranker model, not a classifier → fix: start text-embeddings-inference with --model-id MoritzLaurer\/mDeBERTa/,
    );
    expect(await lineFor('support judge', { SUPPORT_JUDGE_LABEL: 'ENTAILED' })).toMatch(
      /have no "ENTAILED" → fix: .*or set SUPPORT_JUDGE_LABEL/,
    );
  });

  it('no IDF: sparse vectors without the modifier', async () => {
    expect(await lineFor('Qdrant', { QDRANT_URL: qdrantWithoutIdf.url })).toMatch(
      /FAIL Qdrant .*sparse_en and sparse_ar without the IDF modifier .*→ fix: ingest into a new namespace/,
    );
    expect(await lineFor('Qdrant', { KB_NAMESPACE: 'missing_ns' })).toMatch(
      /collection missing_ns does not exist/,
    );
  });

  it('bot not in channel, and an admin id that is no member', async () => {
    slack.channels.set(CHANNEL, { name: 'handoffs', botIsMember: false });
    try {
      const line = await lineFor('Slack', { SLACK_ADMIN_USER_IDS: 'UADMIN01,UGHOST01' });
      expect(line).toMatch(
        /the bot is not in #handoffs \(C0HANDOFF\) → fix: invite it: \/invite @support-bot in #handoffs/,
      );
      expect(line).toMatch(/SLACK_ADMIN_USER_IDS UGHOST01: no such active member/);
    } finally {
      slack.channels.set(CHANNEL, { name: 'handoffs', botIsMember: true });
    }
  });

  it('the stream with fewer replicas than BUS_STREAM_REPLICAS, and a database without migrations', async () => {
    expect(await lineFor('NATS', { BUS_STREAM_REPLICAS: '3' })).toMatch(
      /has 1 replica\(s\), BUS_STREAM_REPLICAS is 3 → fix: nats stream edit/,
    );
    expect(await lineFor('PostgreSQL', { DATABASE_URL: bare.url })).toMatch(
      /FAIL PostgreSQL .*migrations not run .*→ fix: start the services/,
    );
  });

  it('parts left unconfigured are listed as such and do not fail', async () => {
    const reports = await runDoctor(
      { NATS_URL: env.NATS_URL!, EVENT_STREAM: stream, DATABASE_URL: db.url },
      5_000,
    );
    expect(reports.map(reportLine)).toEqual([
      '---- chat model: not configured (LLM_BASE_URL unset: the extractive responder answers)',
      '---- embeddings: not configured (EMBEDDINGS_BASE_URL unset: the hashing embedder)',
      '---- reranker: not configured (RERANKER_URL unset: the lexical scorer)',
      '---- support judge: not configured (SUPPORT_JUDGE_URL unset: the word share decides)',
      '---- Qdrant: not configured (QDRANT_URL unset: the in-process index)',
      '---- Slack: not configured (SLACK_BOT_TOKEN unset: the admin console)',
      expect.stringMatching(/^PASS NATS/),
      expect.stringMatching(/^PASS PostgreSQL/),
    ]);
  });
});
