import { PersonalData } from '@support/privacy';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusConnection, EventPublisher, newEventId, readEventLog } from '@support/bus';
import {
  createEvent,
  EscalationRaised,
  EscalationWithdrawn,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  WithdrawalRequested,
} from '@support/contracts';
import { type StartedService } from '@support/platform';
import { bearer, eventually, ONE_PIXEL_PNG, TestSocket } from '@support/testing';
import { SignJWT } from 'jose';
import { TokenService } from './auth/token-service.js';
import { type GatewayHarness, startGatewayHarness } from './testing/gateway-harness.js';

const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';

describe('gateway through its WebSocket', () => {
  let harness: GatewayHarness;
  let gateway: StartedService;
  let bus: BusConnection;
  let wsUrl: string;
  const tokens = new TokenService(SECRET, { now: () => new Date() });

  beforeAll(async () => {
    harness = await startGatewayHarness({
      AUTH_TOKEN_SECRET: SECRET,
      WS_RATE_BURST: '5',
      WS_RATE_PER_MINUTE: '6',
      WS_MAX_FRAME_BYTES: String(1024 * 1024),
    });
    ({ gateway, bus, wsUrl } = harness);
  });

  afterAll(() => harness.close());

  const tokenFor = (customerId: string) => tokens.issue({ subject: customerId, role: 'customer' });

  async function connect(customerId: string, conversationId?: string) {
    const socket = await TestSocket.open(wsUrl, bearer(await tokenFor(customerId)));
    socket.send({ type: 'hello', ...(conversationId ? { conversationId } : {}) });
    const ready = await socket.nextOfType('ready');
    return { socket, ready };
  }

  it('answers liveness and readiness with its dependencies', async () => {
    expect((await fetch(`${gateway.url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      checks: { nats: 'ok', postgres: 'ok' },
    });
  });

  it('refuses an upgrade without a token, with a forged one, or with a non-customer token', async () => {
    await expect(TestSocket.open(wsUrl)).rejects.toMatchObject({ status: 401 });
    const forged = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cust-1001')
      .setIssuer('support-gateway')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    await expect(TestSocket.open(wsUrl, bearer(forged))).rejects.toMatchObject({
      status: 401,
    });
    const admin = await tokens.issue({ subject: 'admin-1', role: 'admin' });
    await expect(TestSocket.open(wsUrl, bearer(admin))).rejects.toMatchObject({ status: 403 });
    const expired = await new TokenService(SECRET, {
      now: () => new Date(Date.now() - 48 * 3600_000),
    }).issue({
      subject: 'cust-1001',
      role: 'customer',
    });
    await expect(TestSocket.open(wsUrl, bearer(expired))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('accepts the token as a bearer subprotocol', async () => {
    const socket = await TestSocket.open(wsUrl, bearer(await tokenFor('cust-proto')));
    socket.send({ type: 'hello' });
    expect(await socket.nextOfType('ready')).toMatchObject({
      customerId: 'cust-proto',
      resumed: false,
    });
    socket.close();
  });

  it('puts a customer message in the stream as conversation.message_received, once even if resent', async () => {
    const { socket, ready } = await connect('cust-1001');
    expect(ready).toMatchObject({
      customerId: 'cust-1001',
      resumed: false,
      humanActive: false,
      history: [],
    });
    socket.send({ type: 'message', clientMessageId: 'm-1', text: 'Where is my order ORD-1001?' });
    const ack = await socket.next((f) => f.type === 'ack' && f.clientMessageId === 'm-1');
    await socket.nextOfType('typing');
    socket.send({ type: 'message', clientMessageId: 'm-1', text: 'Where is my order ORD-1001?' });
    const second = await socket.next(
      (f) => f.type === 'ack' && f.clientMessageId === 'm-1',
      5000,
      socket.frames.indexOf(ack) + 1,
    );
    expect(second.messageId).toBe(ack.messageId);

    const events = (await readEventLog(harness.bus, MessageReceived)).events.filter(
      (e) => e.conversationId === ready.conversationId,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'conversation.message_received',
      turnId: ack.turnId,
      payload: {
        customerId: 'cust-1001',
        messageId: ack.messageId,
        channel: 'web',
      },
    });
    // The customer's words reach the log sealed under their key, never as they wrote them.
    const text = String((events[0]!.payload as { text: string }).text);
    expect(text).toMatch(/^pd1\./);
    expect(text).not.toContain('ORD-1001');
    expect(await harness.gateway.app.get(PersonalData).openText(text)).toEqual({
      kind: 'open',
      value: 'Where is my order ORD-1001?',
    });
    socket.close();
  });

  it('answers oversize, malformed, binary and flood frames with error frames', async () => {
    const { socket } = await connect('cust-limits');
    socket.send({ type: 'message', clientMessageId: 'big', text: 'x'.repeat(4001) });
    expect(
      await socket.next((f) => f.type === 'error' && f.clientMessageId === 'big'),
    ).toMatchObject({
      code: 'payload_too_large',
      retryable: false,
    });
    socket.send({
      type: 'attachment',
      clientMessageId: 'img',
      fileName: 'a.png',
      mimeType: 'image/png',
      dataBase64: Buffer.alloc(600 * 1024, 1).toString('base64'),
    });
    expect(
      await socket.next((f) => f.type === 'error' && f.clientMessageId === 'img'),
    ).toMatchObject({ code: 'payload_too_large' });
    socket.send('{not json');
    expect(
      await socket.next((f) => f.type === 'error' && /JSON/.test(String(f.message))),
    ).toMatchObject({ code: 'bad_frame' });
    socket.send({ type: 'launch_missiles' });
    expect(
      await socket.next((f) => f.type === 'error' && /launch_missiles/.test(String(f.message))),
    ).toMatchObject({ code: 'bad_frame' });
    socket.close();
    // Each refused frame cost cust-limits a message token (4 of its burst of 5): another customer
    // shows the rest.
    const { socket: other } = await connect('cust-limits-2');
    other.send({ type: 'message', text: 'no id' });
    expect(
      await other.next((f) => f.type === 'error' && /clientMessageId/.test(String(f.message))),
    ).toMatchObject({ code: 'bad_frame' });
    other.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(
      await other.next((f) => f.type === 'error' && /Binary/.test(String(f.message))),
    ).toMatchObject({ code: 'bad_frame' });

    for (let i = 0; i < 8; i++)
      other.send({ type: 'message', clientMessageId: `flood-${i}`, text: `message ${i}` });
    const limited = await other.next((f) => f.type === 'error' && f.code === 'rate_limited');
    expect(limited).toMatchObject({ retryable: true });
    const acks = other.frames.filter(
      (f) => f.type === 'ack' && String(f.clientMessageId).startsWith('flood-'),
    );
    expect(acks.length).toBeLessThanOrEqual(3);
    other.close();
  });

  it('accepts a photo attachment within the limit', async () => {
    const { socket } = await connect('cust-photo');
    const png = ONE_PIXEL_PNG;
    socket.send({
      type: 'attachment',
      clientMessageId: 'photo-1',
      fileName: 'tear.png',
      mimeType: 'image/png',
      dataBase64: png.toString('base64'),
      text: 'It arrived torn',
    });
    expect(
      await socket.next((f) => f.type === 'ack' && f.clientMessageId === 'photo-1'),
    ).toBeDefined();
    socket.close();
  });

  it('closes the socket on a frame larger than the hard limit', async () => {
    const { socket } = await connect('cust-huge');
    socket.send('x'.repeat(1024 * 1024 + 10));
    expect((await socket.closed).code).toBe(1009);
  });

  it('delivers replies and the human handoff, and resumes the same conversation after a reconnect', async () => {
    const { socket, ready } = await connect('cust-2002');
    const conversationId = String(ready.conversationId);
    socket.send({
      type: 'message',
      clientMessageId: 'q-1',
      text: 'Can I return a wholesale order?',
    });
    const ack = await socket.nextOfType('ack');

    const publisher = new EventPublisher(bus);
    const meta = () => ({
      id: newEventId(),
      occurredAt: new Date().toISOString(),
      conversationId,
      turnId: String(ack.turnId),
      causationId: null,
      correlationId: String(ack.turnId),
    });
    await publisher.publish(
      createEvent(
        ReplySent,
        {
          ...EXAMPLE_PAYLOADS['agent.reply_sent'],
          customerId: 'cust-2002',
          replyId: newEventId(),
          kind: 'abstention',
          text: await harness.seal('cust-2002', 'A colleague will answer you here shortly.'),
          citations: [],
        } as never,
        meta(),
      ),
    );
    await publisher.publish(
      createEvent(
        EscalationRaised,
        {
          ...EXAMPLE_PAYLOADS['escalation.raised'],
          customerId: 'cust-2002',
          escalationId: newEventId(),
        } as never,
        meta(),
      ),
    );
    expect(await socket.nextOfType('reply')).toMatchObject({
      kind: 'abstention',
      turnId: ack.turnId,
    });
    expect(await socket.nextOfType('handed_to_human')).toMatchObject({
      reason: 'below_score_floor',
    });
    socket.close();
    await socket.closed;

    // The projection catches up asynchronously; the reconnect sees the whole conversation.
    let resumed: Awaited<ReturnType<typeof connect>> | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      resumed = await connect('cust-2002', conversationId);
      if ((resumed.ready.history as unknown[]).length === 2 && resumed.ready.humanActive) break;
      resumed.socket.close();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(resumed!.ready).toMatchObject({
      conversationId,
      resumed: true,
      humanActive: true,
      history: [
        { role: 'customer', text: 'Can I return a wholesale order?' },
        { role: 'agent', kind: 'abstention' },
      ],
    });
    // Without naming it, the customer's latest conversation is resumed too.
    const again = await connect('cust-2002');
    expect(again.ready.conversationId).toBe(conversationId);

    // Another customer cannot open it.
    const intruder = await TestSocket.open(wsUrl, bearer(await tokenFor('cust-intruder')));
    intruder.send({ type: 'hello', conversationId });
    expect(await intruder.nextOfType('error')).toMatchObject({ code: 'forbidden' });
    expect(resumed!.ready.handoff).toBe('waiting');

    // A new conversation on request: never the paused one, nothing carried over.
    const fresh = await TestSocket.open(wsUrl, bearer(await tokenFor('cust-2002')));
    fresh.send({ type: 'hello', newConversation: true, conversationId });
    expect(await fresh.nextOfType('error')).toMatchObject({ code: 'bad_frame' });
    fresh.send({ type: 'hello', newConversation: true });
    const freshReady = await fresh.nextOfType('ready');
    expect(freshReady).toMatchObject({
      resumed: false,
      humanActive: false,
      handoff: null,
      history: [],
    });
    expect(freshReady.conversationId).not.toBe(conversationId);

    // Withdrawing: one request however often the frame is resent, then `handed_back` once the
    // agent's `escalation.withdrawn` (caused by that request) comes.
    resumed!.socket.send({ type: 'withdraw', clientMessageId: 'w-1' });
    resumed!.socket.send({ type: 'withdraw', clientMessageId: 'w-1' });
    const requests = await eventually(async () => {
      const found = (await readEventLog(bus, WithdrawalRequested)).events.filter(
        (e) => e.conversationId === conversationId,
      );
      return found.length > 0 ? found : false;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await readEventLog(bus, WithdrawalRequested)).events.filter(
        (e) => e.conversationId === conversationId,
      ),
    ).toHaveLength(1);
    expect(requests[0]!.payload).toMatchObject({ customerId: 'cust-2002' });
    await publisher.publish(
      createEvent(
        EscalationWithdrawn,
        {
          escalationId: newEventId(),
          customerId: 'cust-2002',
          requestId: (requests[0]!.payload as { requestId: string }).requestId,
        },
        { ...meta(), causationId: requests[0]!.id },
      ),
    );
    expect(await resumed!.socket.nextOfType('handed_back')).toMatchObject({
      at: expect.any(String),
    });
    const back = await eventually(async () => {
      const { socket: s, ready: r } = await connect('cust-2002', conversationId);
      s.close();
      return r.humanActive === false ? r : false;
    });
    expect(back.handoff).toBeNull();
    for (const s of [resumed!.socket, again.socket, intruder, fresh]) s.close();
  });

  it('issues demo tokens and serves the chat page', async () => {
    const response = await fetch(`${gateway.url}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: 'cust-demo' }),
    });
    const body = (await response.json()) as { token: string };
    expect(await tokens.verify(body.token, 'customer')).toMatchObject({
      subject: 'cust-demo',
      role: 'customer',
    });
    const bad = await fetch(`${gateway.url}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: '<script>' }),
    });
    expect(bad.status).toBe(400);
    const session = await fetch(`${gateway.url}/auth/session`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(await session.json()).toEqual({ subject: 'cust-demo', role: 'customer' });
    expect(
      (await fetch(`${gateway.url}/auth/session`, { headers: { authorization: 'Bearer forged' } }))
        .status,
    ).toBe(401);
    const page = await fetch(`${gateway.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("serves the admin console's listed files with the pages' headers, and nothing beside them", async () => {
    for (const [path, type] of [
      ['admin', 'text/html'],
      ['admin/gaps', 'text/html'],
      ['admin/admin.js', 'application/javascript'],
      ['admin/admin.js.map', 'application/json'],
      ['admin/gaps.js', 'application/javascript'],
      ['admin/gaps.css', 'text/css'],
      ['admin/trace.js', 'application/javascript'],
    ] as const) {
      const response = await fetch(`${gateway.url}/${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        200,
        expect.stringContaining(type),
      ]);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    for (const path of [
      'admin/chat.js',
      'admin/dashboard.js',
      'admin/admin-page.controller.ts',
      'admin/client/tsconfig.json',
      'admin/web-protocol.js',
    ])
      expect([path, (await fetch(`${gateway.url}/${path}`)).status]).toEqual([path, 404]);
  });
});
