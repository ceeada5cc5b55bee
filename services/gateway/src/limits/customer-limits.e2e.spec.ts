import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readEventLog } from '@support/bus';
import { MessageReceived, type MessageReceivedPayload } from '@support/contracts';
import { type StartedService, startService } from '@support/platform';
import { bearer, eventually, type Frame, TestSocket } from '@support/testing';
import WebSocket from 'ws';
import { TokenService } from '../auth/token-service.js';
import { GatewayModule } from '../gateway.module.js';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.js';

const SECRET = 'limits-e2e-secret-limits-e2e-secret-0123';
const CAP = 20;
const ENV = {
  AUTH_TOKEN_SECRET: SECRET,
  WS_RATE_BURST: '5',
  WS_RATE_PER_MINUTE: '20',
  // As many hellos at once as sockets: twenty tabs may each say hello.
  WS_HELLO_BURST: String(CAP),
  WS_HELLO_PER_MINUTE: '30',
  WS_MAX_CONNECTIONS_PER_CUSTOMER: String(CAP),
};

/** A customer's way in: a gateway's socket URL and the subprotocol carrying the token. */
interface Endpoint {
  readonly url: string;
  readonly protocols: string[];
}
const dial = (endpoint: Endpoint) => TestSocket.open(endpoint.url, endpoint.protocols);

/** The HTTP answer to a refused upgrade: status and body. */
function refusalOf(endpoint: Endpoint): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint.url, endpoint.protocols);
    ws.once('open', () => {
      ws.terminate();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

// The attacks of issue 18 through real WebSockets: limits per customer, not per socket, and the
// same limits when the customer's sockets are spread over two gateway replicas.
describe('per-customer limits on the customer WebSocket', () => {
  let harness: GatewayHarness;
  let second: StartedService;
  const sockets: TestSocket[] = [];
  const tokens = new TokenService(SECRET, { now: () => new Date() });
  const endpointOf = async (customerId: string, gatewayUrl?: string): Promise<Endpoint> => ({
    url: gatewayUrl ? `${gatewayUrl.replace('http', 'ws')}/ws` : harness.wsUrl,
    protocols: bearer(await tokens.issue({ subject: customerId, role: 'customer' })),
  });

  async function open(endpoint: Endpoint): Promise<TestSocket> {
    const socket = await dial(endpoint);
    sockets.push(socket);
    return socket;
  }
  async function openReady(endpoint: Endpoint): Promise<TestSocket> {
    const socket = await open(endpoint);
    socket.send({ type: 'hello' });
    await socket.nextOfType('ready');
    return socket;
  }
  const closeAll = async (group: TestSocket[]) => {
    group.forEach((socket) => socket.close());
    await Promise.all(group.map((socket) => socket.closed));
  };

  beforeAll(async () => {
    harness = await startGatewayHarness(ENV);
    second = await startService(
      'gateway',
      GatewayModule.register({
        bus: { servers: harness.nats.url, stream: harness.bus.options.stream, backoffMs: [50] },
        database: { url: harness.database.url },
        env: { ...ENV, GATEWAY_INSTANCE: 'gateway-2' },
      }),
      { port: 0, host: '127.0.0.1', shutdownHooks: false },
    );
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await second?.app.close();
    await harness?.close();
  });

  it('gives 20 sockets of one customer sending 100 messages in 5 s one budget: the rest are rate_limited', async () => {
    const endpoint = await endpointOf('cust-twenty-tabs');
    const tabs = await Promise.all(Array.from({ length: 20 }, () => openReady(endpoint)));
    const started = Date.now();
    for (let round = 0; round < 5; round++) {
      tabs.forEach((tab, i) =>
        tab.send({
          type: 'message',
          clientMessageId: `r${round}-t${i}`,
          text: `question ${round}`,
        }),
      );
      if (round < 4) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const answers = await Promise.all(
      tabs.flatMap((tab, i) =>
        [0, 1, 2, 3, 4].map((round) =>
          tab.next(
            (f: Frame) =>
              (f.type === 'ack' || f.type === 'error') && f.clientMessageId === `r${round}-t${i}`,
          ),
        ),
      ),
    );
    const elapsedMs = Date.now() - started;
    const acks = answers.filter((f) => f.type === 'ack');
    const refused = answers.filter((f) => f.type === 'error');
    // The burst of 5, and one more every 3 s at 20 a minute.
    expect(acks.length).toBeGreaterThanOrEqual(5);
    expect(acks.length).toBeLessThanOrEqual(5 + Math.ceil(elapsedMs / 3_000));
    expect(refused).toHaveLength(100 - acks.length);
    for (const error of refused)
      expect(error).toMatchObject({ code: 'rate_limited', retryable: true });

    const { events } = await readEventLog(harness.bus, MessageReceived);
    expect(
      events.filter((e) => (e.payload as MessageReceivedPayload).customerId === 'cust-twenty-tabs'),
    ).toHaveLength(acks.length);
    await closeAll(tabs);
  }, 60_000);

  it(`refuses socket number ${CAP + 1} of one token with 429, also when hundreds open at once`, async () => {
    const endpoint = await endpointOf('cust-one-token');
    const attempts = await Promise.allSettled(Array.from({ length: 300 }, () => open(endpoint)));
    const held = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    expect(held).toHaveLength(CAP);
    for (const attempt of attempts.filter((a) => a.status === 'rejected'))
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
    expect(await refusalOf(endpoint)).toEqual({
      status: 429,
      body: `Too many open connections for this customer (at most ${CAP}); close a tab and try again`,
    });
    // Another customer is not affected; a closed socket frees its slot.
    await closeAll([await open(await endpointOf('cust-someone-else'))]);
    await closeAll(held.slice(0, 1));
    const reopened = await eventually(() => open(endpoint), 5_000);
    await closeAll([reopened, ...held.slice(1)]);
  }, 60_000);

  it('limits a burst of 500 hello frames on one socket', async () => {
    const socket = await open(await endpointOf('cust-hello-flood'));
    const started = Date.now();
    for (let i = 0; i < 500; i++) socket.send({ type: 'hello' });
    await eventually(
      () => socket.frames.filter((f) => f.type === 'ready' || f.type === 'error').length >= 500,
      20_000,
    );
    const elapsedMs = Date.now() - started;
    const readies = socket.frames.filter((f) => f.type === 'ready');
    const errors = socket.frames.filter((f) => f.type === 'error');
    expect(readies.length).toBeGreaterThanOrEqual(CAP);
    expect(readies.length).toBeLessThanOrEqual(CAP + Math.ceil(elapsedMs / 2_000));
    expect(errors).toHaveLength(500 - readies.length);
    for (const error of errors)
      expect(error).toMatchObject({
        code: 'rate_limited',
        retryable: true,
        message: expect.stringContaining('Too many hello frames'),
      });
    await closeAll([socket]);
  }, 60_000);

  it('shares the cap and the message budget between two gateway replicas', async () => {
    const first = await endpointOf('cust-two-gateways');
    const other = await endpointOf('cust-two-gateways', second.url);
    const onFirst = await Promise.all(Array.from({ length: CAP / 2 }, () => open(first)));
    const onSecond = await Promise.all(Array.from({ length: CAP / 2 }, () => open(other)));
    await expect(dial(first)).rejects.toMatchObject({ status: 429 });
    await expect(dial(other)).rejects.toMatchObject({ status: 429 });

    for (const socket of [onFirst[0]!, onSecond[0]!]) {
      socket.send({ type: 'hello' });
      await socket.nextOfType('ready');
    }
    for (let i = 0; i < 5; i++) {
      onFirst[0]!.send({ type: 'message', clientMessageId: `first-${i}`, text: `question ${i}` });
      await onFirst[0]!.next((f) => f.type === 'ack' && f.clientMessageId === `first-${i}`);
    }
    onSecond[0]!.send({ type: 'message', clientMessageId: 'second-0', text: 'one more' });
    expect(await onSecond[0]!.next((f) => f.type === 'error' || f.type === 'ack')).toMatchObject({
      type: 'error',
      code: 'rate_limited',
      clientMessageId: 'second-0',
    });

    // A replica that shuts down frees its customers' slots on the other at once.
    await second.app.close();
    await Promise.all(onSecond.map((socket) => socket.closed));
    const afterShutdown = await Promise.all(Array.from({ length: CAP / 2 }, () => open(first)));
    await expect(dial(first)).rejects.toMatchObject({ status: 429 });
    await closeAll([...onFirst, ...afterShutdown]);
  }, 60_000);
});
