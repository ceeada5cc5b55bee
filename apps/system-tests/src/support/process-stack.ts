import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BusConnection, busOptionsFromEnv, EventPublisher } from '@support/bus';
import { FakeTeiServer } from '@support/models';
import { TokenService } from '@support/gateway';
import {
  createTestDatabase,
  eventually,
  type ServiceProcess,
  startNatsServer,
  startServiceProcess,
  type TestDatabase,
  type TestNatsServer,
  TestSocket,
  uniqueName,
} from '@support/testing';
import { readEventLog } from './event-log.js';
import { GroundedModel } from './grounded-model.js';
import { kbDocuments, publishDocuments } from './kb.js';
import { TOKEN_SECRET } from './support-stack.js';

export const ACK_WAIT_MS = 2_000;

export type ServiceName =
  'gateway' | 'agent' | 'retrieval' | 'reranker-proxy' | 'escalation' | 'classifier';
const SERVICES: readonly ServiceName[] = [
  'retrieval',
  'reranker-proxy',
  'gateway',
  'agent',
  'escalation',
  'classifier',
];

export interface ProcessStack {
  readonly nats: TestNatsServer;
  readonly database: TestDatabase;
  readonly model: GroundedModel;
  /** The reranker host; it answers 500 (retrieval fails open to lexical scores) unless told. */
  readonly reranker: FakeTeiServer;
  readonly services: Readonly<Record<ServiceName, ServiceProcess>>;
  readonly bus: BusConnection;
  readonly publisher: EventPublisher;
  token(subject: string, role: 'customer' | 'admin' | 'analyst'): Promise<string>;
  /** Another replica of a service (its own process and instance name), stopped with the stack. */
  startReplica(name: ServiceName, env: Record<string, string>): Promise<ServiceProcess>;
  /** A customer socket on the first gateway, or on the one given. */
  connect(
    customerId: string,
    conversationId?: string,
    gateway?: ServiceProcess,
  ): Promise<{ socket: TestSocket; conversationId: string; ready: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * Every service as its own OS process (`services/<name>/dist/main.js`), on a test-owned
 * nats-server and database, with the sample knowledge base indexed: what the fault suite kills.
 * The model is {@link GroundedModel}; the reranker host fails, so rerank falls back to lexical.
 */
export async function startProcessStack(): Promise<ProcessStack> {
  const nats = await startNatsServer();
  const database = await createTestDatabase();
  const model = await GroundedModel.start();
  const reranker = await FakeTeiServer.start({ behaviour: 'error' });
  const indexDir = mkdtempSync(join(tmpdir(), 'fault-index-'));
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: uniqueName('FAULTS') };
  const env: Record<string, string> = {
    ...busEnv,
    DATABASE_URL: database.url,
    AUTH_TOKEN_SECRET: TOKEN_SECRET,
    BUS_ACK_WAIT_MS: String(ACK_WAIT_MS),
    LOG_LEVELS: 'error,warn',
    LLM_BASE_URL: model.baseUrl,
    LLM_TIMEOUT_MS: '15000',
    KB_SEARCH_TIMEOUT_MS: '20000',
    RERANKER_URL: reranker.url,
    RERANK_TIMEOUT_MS: '4000',
    RERANK_WAIT_MS: '6000',
    LEG_TIMEOUT_MS: '1000',
    LEXICAL_MIN_SCORE: '0.4',
    VECTOR_INDEX_DIR: indexDir,
  };
  const services = {} as Record<ServiceName, ServiceProcess>;
  for (const name of SERVICES) services[name] = await startServiceProcess(name, env);

  const bus = await BusConnection.open(busOptionsFromEnv('fault-test', busEnv));
  const publisher = new EventPublisher(bus);
  const docs = kbDocuments();
  await publishDocuments(publisher, docs);
  await eventually(
    async () =>
      (await readEventLog(bus)).events.filter((e) => e.type === 'kb.document_indexed').length >=
      docs.length,
    60_000,
  );

  const tokens = new TokenService(TOKEN_SECRET, { now: () => new Date() });
  const replicas: ServiceProcess[] = [];
  return {
    nats,
    database,
    model,
    reranker,
    services,
    bus,
    publisher,
    token: (subject, role) => tokens.issue({ subject, role }),
    startReplica: async (name, replicaEnv) => {
      const replica = await startServiceProcess(name, { ...env, ...replicaEnv });
      replicas.push(replica);
      return replica;
    },
    connect: async (customerId, conversationId, gateway = services.gateway) => {
      const token = await tokens.issue({ subject: customerId, role: 'customer' });
      const wsUrl = `${gateway.url.replace('http', 'ws')}/ws`;
      const socket = await TestSocket.open(`${wsUrl}?token=${token}`);
      socket.send({ type: 'hello', ...(conversationId ? { conversationId } : {}) });
      const ready = await socket.nextOfType('ready', 15_000);
      return { socket, conversationId: String(ready.conversationId), ready };
    },
    close: async () => {
      await bus.close();
      for (const replica of replicas) await replica.kill();
      for (const name of [...SERVICES].reverse()) await services[name]?.kill();
      await Promise.all([model.close(), reranker.close()]);
      await database.drop();
      await nats.stop();
      rmSync(indexDir, { recursive: true, force: true });
    },
  };
}
