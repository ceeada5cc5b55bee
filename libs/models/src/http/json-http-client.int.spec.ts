import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { type Handler, type Listening, listen, sendJson } from '../testing/http-fixture.js';
import { HttpResponseTooLarge, JsonHttpClient } from './json-http-client.js';

describe('JsonHttpClient against a local HTTP server', () => {
  let server: Listening | undefined;
  let client: JsonHttpClient | undefined;
  // Requests seen per connection, in arrival order of the connections.
  const connections = new Map<Socket, number>();

  async function serve(handler: Handler, options: { maxRetries?: number; maxBytes?: number } = {}) {
    connections.clear();
    server = await listen((request, body, response) => {
      connections.set(request.socket, (connections.get(request.socket) ?? 0) + 1);
      handler(request, body, response);
    });
    client = new JsonHttpClient({
      baseUrl: `${server.origin}/v1/`,
      maxRetries: options.maxRetries ?? 0,
      headers: { authorization: 'Bearer key' },
      ...(options.maxBytes ? { maxResponseBytes: options.maxBytes } : {}),
    });
    return client;
  }
  const signal = () => AbortSignal.timeout(5_000);

  afterEach(async () => {
    client?.close();
    await server?.close();
  });

  it('posts JSON with its headers and answers status, headers and body', async () => {
    const http = await serve((request, body, response) =>
      sendJson(response, 201, {
        path: request.url,
        auth: request.headers.authorization,
        type: request.headers['content-type'],
        body: JSON.parse(body),
      }),
    );
    const answer = await http.post('/chat/completions', { question: 'مرحبا' }, signal());
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.text)).toEqual({
      path: '/v1/chat/completions',
      auth: 'Bearer key',
      type: 'application/json',
      body: { question: 'مرحبا' },
    });
  });

  it('sends one request after another over one kept-alive connection', async () => {
    const http = await serve((_request, _body, response) => sendJson(response, 200, {}));
    for (let i = 0; i < 3; i += 1) await http.post('/x', {}, signal());
    expect([...connections.values()]).toEqual([3]);
  });

  it('sends a request again on a new connection when the kept-alive one was closed under it', async () => {
    // The server drops each connection's second request unanswered, as a server that closed an
    // idle connection just as the client wrote on it.
    const http = await serve((request, _body, response) => {
      if (connections.get(request.socket) === 2) request.socket.destroy();
      else sendJson(response, 200, { ok: true });
    });
    await http.post('/x', {}, signal());
    const answer = await http.post('/x', {}, signal());
    expect(answer.status).toBe(200);
    expect([...connections.values()]).toEqual([2, 1]);
  });

  it('does not send again a request that failed on a new connection, with no retries', async () => {
    const http = await serve((request) => request.socket.destroy());
    await expect(http.post('/x', {}, signal())).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(connections.size).toBe(1);
  });

  it('retries a 503 after the wait the server asks for, and answers the retry', async () => {
    let served = 0;
    const http = await serve(
      (_request, _body, response) => {
        served += 1;
        if (served === 1) {
          response.writeHead(503, { 'retry-after-ms': '20' });
          response.end('busy');
        } else sendJson(response, 200, { served });
      },
      { maxRetries: 1 },
    );
    const answer = await http.post('/x', {}, signal());
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ served: 2 });
  });

  it('answers the last error once its retries are spent, and never retries a 400', async () => {
    let served = 0;
    const http = await serve(
      (request, _body, response) => {
        served += 1;
        const status = request.url === '/v1/bad' ? 400 : 500;
        response.writeHead(status, { 'retry-after-ms': '0' });
        response.end(`failure ${served}`);
      },
      { maxRetries: 2 },
    );
    const spent = await http.post('/server', {}, signal());
    expect([spent.status, spent.text]).toEqual([500, 'failure 3']);
    const refused = await http.post('/bad', {}, signal());
    expect([refused.status, refused.text]).toEqual([400, 'failure 4']);
  });

  it('refuses a body larger than allowed', async () => {
    const http = await serve(
      (_request, _body, response) => sendJson(response, 200, 'x'.repeat(4096)),
      {
        maxBytes: 1024,
      },
    );
    await expect(http.post('/x', {}, signal())).rejects.toBeInstanceOf(HttpResponseTooLarge);
  });

  it("rejects with the signal's reason when it aborts during the wait before a retry", async () => {
    const http = await serve(
      (_request, _body, response) => {
        response.writeHead(503, { 'retry-after-ms': '60000' });
        response.end();
      },
      { maxRetries: 1 },
    );
    const controller = new AbortController();
    const reason = new Error('turn over');
    const pending = http.post('/x', {}, controller.signal);
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });
});
