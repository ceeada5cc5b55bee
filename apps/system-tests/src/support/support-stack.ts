import { PersonalData } from '@support/privacy';
import { AgentConversations, AgentModule } from '@support/agent';
import { EscalationModule } from '@support/escalation';
import {
  BusConnection,
  type BusOptions,
  busOptionsFromEnv,
  type BusUser,
  EventConsumerRunner,
  EventPublisher,
  natsAuthorization,
  OPS_USER,
  type RunningConsumer,
} from '@support/bus';
import {
  DocumentIndexed,
  EscalationRaised,
  type EnvelopeOf,
  type EventDefinition,
} from '@support/contracts';
import { GatewayModule, TokenService } from '@support/gateway';
import type { ChatModel } from '@support/models';
import { type StartedService, startService } from '@support/platform';
import { RerankerProxyModule } from '@support/reranker-proxy';
import { RetrievalModule } from '@support/retrieval';
import {
  createTestDatabase,
  eventually,
  startNatsServer,
  type TestDatabase,
  type TestNatsServer,
  bearer,
  TestSocket,
  uniqueName,
} from '@support/testing';
import { InProcessVectorIndex } from '@support/vector-index';
import { FaultyIndex } from './faulty-index.js';
import { kbDocuments, publishDocuments } from './kb.js';

/** Signs the tokens of every system-test stack. */
export const TOKEN_SECRET = 'system-test-secret-system-test-secret-0123';

/** The escalation service's settings for a fake Slack Web API (`FakeSlackApi.apiUrl`). */
export function fakeSlackEnv(slack: {
  apiUrl: string;
  channel: string;
  signingSecret: string;
  adminUserIds: string;
}): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: 'xoxb-test',
    SLACK_SIGNING_SECRET: slack.signingSecret,
    SLACK_CHANNEL: slack.channel,
    SLACK_API_URL: slack.apiUrl,
    SLACK_EVENTS_PORT: '0',
    SLACK_ADMIN_USER_IDS: slack.adminUserIds,
  };
}
const quiet = { warn: () => undefined, error: () => undefined };
const HOST = { port: 0, host: '127.0.0.1', shutdownHooks: false } as const;

export interface SupportStack {
  readonly nats: TestNatsServer;
  readonly database: TestDatabase;
  readonly index: FaultyIndex;
  readonly publisher: EventPublisher;
  readonly gateway: StartedService;
  readonly retrieval: StartedService;
  readonly proxy: StartedService;
  agent: StartedService;
  /** Hosted when the stack was started with `escalation: true`. */
  readonly escalation: StartedService | null;
  readonly escalations: EnvelopeOf<typeof EscalationRaised>[];
  conversations(): AgentConversations;
  /** How `user` connects to this stack's bus (its own credentials when the bus is secured). */
  busOptions(user: BusUser): BusOptions;
  /**
   * Stops the agent and starts a fresh one on the same bus and database (a process restart),
   * with `env` over the stack's configuration when given (e.g. other support hours).
   */
  restartAgent(env?: Record<string, string>): Promise<void>;
  connect(customerId: string): Promise<{ socket: TestSocket; conversationId: string }>;
  /** `text` sealed under the customer's key, as the gateway seals what they send. */
  seal(customerId: string, text: string): Promise<string>;
  /** A sealed field of an event opened with the gateway's keys ("[erased]" once forgotten). */
  open(sealed: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The customer path of the system on a test-owned nats-server and a fresh database: gateway,
 * agent, retrieval and the reranker proxy, with the sample knowledge base indexed.
 */
export async function startSupportStack(
  options: {
    chatModel?: ChatModel;
    env?: Record<string, string>;
    escalation?: boolean;
    /** NATS with the generated users and permissions (as deploy/k8s): each service as its own user. */
    securedBus?: boolean;
  } = {},
): Promise<SupportStack> {
  const stream = uniqueName('SYSTEM');
  const nats = await startNatsServer(
    options.securedBus
      ? { config: natsAuthorization(stream, (user) => ({ literal: busPassword(user) })) }
      : {},
  );
  const database = await createTestDatabase();
  const busEnv = { NATS_URL: nats.url, EVENT_STREAM: stream };
  const env = {
    ...busEnv,
    DATABASE_URL: database.url,
    AUTH_TOKEN_SECRET: TOKEN_SECRET,
    // The pages sign in through the demo issuer, as under `npm start`.
    DEMO_TOKENS: 'true',
    // Every page of every test signs in from 127.0.0.1: the per-address throttle is tested apart.
    DEMO_TOKEN_BURST: '1000',
    DEMO_TOKEN_PER_MINUTE: '1000',
    LEG_TIMEOUT_MS: '1000',
    KB_SEARCH_TIMEOUT_MS: '8000',
    LEXICAL_MIN_SCORE: '0.4',
    // The suites written for the strict routing (every below-floor turn to a colleague) run it;
    // clarification.e2e.spec.ts turns the clarification on, as it is in production.
    CLARIFY_BEFORE_HANDOFF: 'off',
    ...options.env,
  };
  const bus = { servers: nats.url, stream: busEnv.EVENT_STREAM, backoffMs: [50] };
  const credentials = (user: BusUser) =>
    options.securedBus ? { credentials: { user, password: busPassword(user) } } : {};
  const busOf = (user: BusUser) => ({ ...bus, ...credentials(user) });
  const db = { url: database.url };
  const index = new FaultyIndex(new InProcessVectorIndex({}));
  const startAgent = (agentEnv: Record<string, string> = {}) =>
    startService(
      'agent',
      AgentModule.register({
        env: { ...env, ...agentEnv },
        bus: busOf('agent'),
        database: db,
        chatModel: options.chatModel,
      }),
      HOST,
    );

  const retrieval = await startService(
    'retrieval',
    RetrievalModule.register({ env, bus: busOf('retrieval'), index, database: db }),
    HOST,
  );
  const proxy = await startService(
    'reranker-proxy',
    RerankerProxyModule.register({ env, bus: busOf('reranker-proxy'), database: db }),
    HOST,
  );
  const gateway = await startService(
    'gateway',
    GatewayModule.register({ env, bus: busOf('gateway'), database: db }),
    HOST,
  );
  let agent = await startAgent();
  const escalation = options.escalation
    ? await startService(
        'escalation',
        EscalationModule.register({ env, bus: busOf('escalation'), database: db }),
        HOST,
      )
    : null;

  const busOptions = (user: BusUser): BusOptions => ({
    ...busOptionsFromEnv(`system-test-${user}`, busEnv),
    ...credentials(user),
  });
  const probe = await BusConnection.open(busOptions(OPS_USER));
  const publisher = new EventPublisher(probe);
  const runner = new EventConsumerRunner(probe, publisher, quiet);
  const escalations: EnvelopeOf<typeof EscalationRaised>[] = [];
  const indexed: string[] = [];
  const collect = <D extends EventDefinition>(event: D, sink: (e: EnvelopeOf<D>) => void) =>
    runner.start({
      durable: `probe-${event.type.replace('.', '_')}`,
      event,
      handle: async (e) => sink(e),
    });
  const probes: RunningConsumer[] = [
    await collect(EscalationRaised, (e) => escalations.push(e)),
    await collect(DocumentIndexed, (e) => indexed.push(e.payload.docId)),
  ];
  const docs = kbDocuments();
  await publishDocuments(publisher, docs);
  await eventually(() => indexed.length >= docs.length, 30_000);

  const tokens = new TokenService(TOKEN_SECRET, { now: () => new Date() });
  const stack: SupportStack = {
    nats,
    database,
    index,
    publisher,
    gateway,
    retrieval,
    proxy,
    agent,
    escalation,
    escalations,
    conversations: () => stack.agent.app.get(AgentConversations),
    busOptions,
    restartAgent: async (agentEnv) => {
      await stack.agent.app.close();
      agent = await startAgent(agentEnv);
      stack.agent = agent;
    },
    connect: async (customerId) =>
      openCustomerSocket(
        gateway.url,
        await tokens.issue({ subject: customerId, role: 'customer' }),
      ),
    seal: (customerId, text) => gateway.app.get(PersonalData).sealText(customerId, text),
    open: (sealed) => gateway.app.get(PersonalData).readable(sealed),
    close: async () => {
      for (const p of probes) await p.stop();
      await probe.close();
      for (const service of [escalation, stack.agent, gateway, proxy, retrieval])
        await service?.app.close();
      await database.drop();
      await nats.stop();
    },
  };
  return stack;
}

/** A bus user's password on a secured test bus. */
const busPassword = (user: BusUser) => `system-test-password-${user}`;

/** A customer's socket on a gateway, past `hello` (naming `conversationId` resumes it). */
export async function openCustomerSocket(
  gatewayUrl: string,
  token: string,
  conversationId?: string,
) {
  const socket = await TestSocket.open(`${gatewayUrl.replace('http', 'ws')}/ws`, bearer(token));
  socket.send({ type: 'hello', ...(conversationId ? { conversationId } : {}) });
  const ready = await socket.nextOfType('ready', 15_000);
  return { socket, conversationId: String(ready.conversationId), ready };
}

let counter = 0;

/** Sends a customer message and waits for its ack: the message is durably in the event log. */
export async function sendMessage(socket: TestSocket, text: string, timeoutMs = 10_000) {
  const clientMessageId = `m-${++counter}`;
  const from = socket.frames.length;
  socket.send({ type: 'message', clientMessageId, text });
  return socket.next(
    (f) => f.type === 'ack' && f.clientMessageId === clientMessageId,
    timeoutMs,
    from,
  );
}

/** Sends a message and waits for the reply of its turn (and the handoff frame if one comes). */
export async function ask(socket: TestSocket, text: string) {
  const from = socket.frames.length;
  const ack = await sendMessage(socket, text);
  const reply = await socket.next(
    (f) => f.type === 'reply' && f.turnId === ack.turnId,
    20_000,
    from,
  );
  return { ack, reply, turnId: String(ack.turnId) };
}
