import { openDatabase, personalDataOf } from '@support/persistence';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BusConnection, busOptionsFromEnv, EventPublisher, readEventLog } from '@support/bus';
import { DocumentIndexed } from '@support/contracts';
import { FakeTeiServer } from '@support/models/testing';
import { SERVICE_NAMES, type ServiceName } from '@support/platform';
import { TokenService } from '@support/gateway';
import {
  createTestDatabase,
  eventually,
  type ServiceProcess,
  startNatsServer,
  startServiceProcess,
  startServiceProcesses,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
  type TestNatsCluster,
  type TestNatsServer,
  TestSocket,
  uniqueName,
} from '@support/testing';
import { GroundedModel } from './grounded-model.js';
import { kbDocuments, publishDocuments } from './kb.js';
import { openCustomerSocket, TOKEN_SECRET } from './support-stack.js';

export const ACK_WAIT_MS = 2_000;

export interface ProcessStack {
  /** The one nats-server, unless the stack runs on a cluster the caller started. */
  readonly nats: TestNatsServer | null;
  readonly database: TestDatabase;
  /** Every service reaches Postgres through this proxy: `down()` is a Postgres outage. */
  readonly postgres: TcpProxy;
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
  /** `text` sealed under the customer's key in the stack's key store, as the gateway seals it. */
  seal(customerId: string, text: string): Promise<string>;
  /** A sealed field of an event opened with the stack's keys ("[erased]" once forgotten). */
  open(sealed: string): Promise<string>;
  /** What events name a WhatsApp message by (the reference to Meta's id, as the adapter derives it). */
  messageRef(providerMessageId: string): string;
  close(): Promise<void>;
}

/**
 * Every service as its own OS process (`services/<name>/dist/main.js`), on a test-owned
 * nats-server and database, with the sample knowledge base indexed: what the fault suite kills.
 * The model is {@link GroundedModel}; the reranker host fails, so rerank falls back to lexical.
 */
export async function startProcessStack(
  /** Settings over the stack's own, for every service (e.g. a channel's credentials). */
  extraEnv: Record<string, string> = {},
  /** A NATS cluster to run on (NATS_URL lists its nodes, the stream has 3 replicas). */
  options: { cluster?: TestNatsCluster } = {},
): Promise<ProcessStack> {
  const nats = options.cluster ? null : await startNatsServer();
  const database = await createTestDatabase();
  const server = new URL(database.url);
  const postgres = await startTcpProxy({
    host: server.hostname,
    port: Number(server.port || 5432),
  });
  const model = await GroundedModel.start();
  const reranker = await FakeTeiServer.start({ behaviour: 'error' });
  const indexDir = mkdtempSync(join(tmpdir(), 'fault-index-'));
  const busEnv = {
    NATS_URL: nats?.url ?? options.cluster!.url,
    EVENT_STREAM: uniqueName('FAULTS'),
    BUS_STREAM_REPLICAS: options.cluster ? '3' : '1',
  };
  const env: Record<string, string> = {
    ...busEnv,
    DATABASE_URL: postgres.urlThrough(database.url),
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
    ...extraEnv,
  };
  // On a cluster every consumer is a replicated group of its own: the first start creates dozens.
  const services = await startServiceProcesses(SERVICE_NAMES, env, {
    readyTimeoutMs: options.cluster ? 180_000 : 60_000,
  });

  const bus = await BusConnection.open(busOptionsFromEnv('fault-test', busEnv));
  const publisher = new EventPublisher(bus);
  const docs = kbDocuments();
  await publishDocuments(publisher, docs);
  await eventually(
    async () => (await readEventLog(bus, DocumentIndexed)).events.length >= docs.length,
    60_000,
  );

  const tokens = new TokenService(TOKEN_SECRET, { now: () => new Date() });
  const replicas: ServiceProcess[] = [];
  // The services' key store, under the same (development) master key as theirs.
  const keys = await openDatabase({ url: database.url, poolSize: 2 });
  return {
    nats,
    database,
    postgres,
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
    connect: async (customerId, conversationId, gateway = services.gateway) =>
      openCustomerSocket(
        gateway.url,
        await tokens.issue({ subject: customerId, role: 'customer' }),
        conversationId,
      ),
    seal: (customerId, text) => personalDataOf(keys).sealText(customerId, text),
    open: (sealed) => personalDataOf(keys).readable(sealed),
    messageRef: (providerMessageId) => personalDataOf(keys).providerMessageRef(providerMessageId),
    close: async () => {
      await keys.destroy();
      await bus.close();
      for (const replica of replicas) await replica.kill();
      await Promise.all(Object.values(services).map((service) => service.kill()));
      await Promise.all([model.close(), reranker.close()]);
      await postgres.close();
      await database.drop();
      await nats?.stop();
      rmSync(indexDir, { recursive: true, force: true });
    },
  };
}
