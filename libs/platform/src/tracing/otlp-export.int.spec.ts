import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { flushTraces, tracerFor } from './tracing.js';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A collector's OTLP/HTTP receiver: takes POST /v1/traces and answers 200 with an empty response. */
async function startCollector(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

describe('span export over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const original = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

  beforeAll(async () => {
    collector = await startCollector();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `${collector.url}/`;
  });
  afterAll(async () => {
    if (original === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = original;
    await new Promise((resolve) => collector.server.close(resolve));
  });

  it("sends each service's spans to <endpoint>/v1/traces under its own service.name", async () => {
    const span = tracerFor('retrieval').startSpan('process support.retrieval.requested');
    const { traceId } = span.spanContext();
    span.end();
    tracerFor('agent').startSpan('publish support.retrieval.requested').end();
    // Batched: nothing is sent until the batch is due, or the service stops and flushes.
    await flushTraces();

    expect(collector.received.map((r) => r.path)).toEqual(['/v1/traces', '/v1/traces']);
    const bodies = collector.received.map((r) => r.body).join('\n');
    expect(bodies).toContain(traceId);
    for (const [service, name] of [
      ['retrieval', 'process support.retrieval.requested'],
      ['agent', 'publish support.retrieval.requested'],
    ]) {
      const request = collector.received.find((r) => r.body.includes(name))!;
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.body).toContain(service);
    }
  });
});
