import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SpanKind } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { observeSpans, type StartedService } from '@support/platform';
import { eventually } from '@support/testing';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';
import { startClassifier } from './support/classifier-service.js';

const NEIGHBOUR = "I'm a reseller, can I return unsold stock from my wholesale order?";

const serviceOf = (span: ReadableSpan) => String(span.resource.attributes['service.name']);

describe('one customer turn is one trace across the services (OpenTelemetry over NATS headers)', () => {
  const exporter = new InMemorySpanExporter();
  let stopObserving: () => void;
  let stack: SupportStack;
  let classifier: StartedService;

  beforeAll(async () => {
    stopObserving = observeSpans(new SimpleSpanProcessor(exporter));
    stack = await startSupportStack({ escalation: true });
    // The sixth service, on the stack's bus: an escalated turn reaches it too.
    classifier = await startClassifier(stack);
  }, 120_000);

  afterAll(async () => {
    stopObserving();
    await classifier?.app.close();
    await stack?.close();
  }, 60_000);

  /** The spans of the trace the gateway started for `turnId`. */
  function traceOfTurn(turnId: string): ReadableSpan[] {
    const spans = exporter.getFinishedSpans();
    const root = spans.find(
      (s) =>
        serviceOf(s) === 'gateway' &&
        s.kind === SpanKind.SERVER &&
        s.attributes['support.turn_id'] === turnId,
    );
    if (!root) return [];
    return spans.filter((s) => s.spanContext().traceId === root.spanContext().traceId);
  }

  /** One root (the gateway's), and every other span's parent is in the same trace. */
  function expectOneTree(spans: ReadableSpan[]): void {
    const ids = new Set(spans.map((s) => s.spanContext().spanId));
    const roots = spans.filter((s) => !s.parentSpanContext);
    expect(roots.map((s) => [serviceOf(s), s.name])).toEqual([
      ['gateway', 'customer conversation.message_received'],
    ]);
    const orphans = spans.filter(
      (s) => s.parentSpanContext && !ids.has(s.parentSpanContext.spanId),
    );
    expect(orphans.map((s) => `${serviceOf(s)}: ${s.name}`)).toEqual([]);
  }

  it('an answered turn: gateway → agent → retrieval → reranker-proxy → retrieval → agent → gateway', async () => {
    const { socket } = await stack.connect('cust-trace-1');
    const { reply, turnId } = await ask(socket, 'How long does delivery to Muscat take?');
    expect(reply.kind).toBe('answer');
    socket.close();

    await eventually(() =>
      expect(traceOfTurn(turnId).map((s) => `${serviceOf(s)}: ${s.name}`)).toEqual(
        expect.arrayContaining([
          'gateway: customer conversation.message_received',
          'gateway: publish support.conversation.message_received',
          'agent: process support.conversation.message_received',
          'agent: publish support.retrieval.requested',
          'retrieval: process support.retrieval.requested',
          'retrieval: publish support.rerank.requested',
          'reranker-proxy: process support.rerank.requested',
          'reranker-proxy: publish support.rerank.completed',
          'retrieval: publish support.retrieval.completed',
          'agent: publish support.agent.reply_sent',
          'gateway: process support.agent.reply_sent',
        ]),
      ),
    );
    // A span is recorded when it ends: the tree is whole once the last handler has returned.
    await eventually(() => expectOneTree(traceOfTurn(turnId)));
    const spans = traceOfTurn(turnId);
    // Every message of the turn carried the trace: each consumer's parent is a publish span.
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    for (const consumer of spans.filter((s) => s.kind === SpanKind.CONSUMER))
      expect([consumer.name, byId.get(consumer.parentSpanContext!.spanId)?.kind]).toEqual([
        consumer.name,
        SpanKind.PRODUCER,
      ]);
    expect(new Set(spans.map((s) => s.attributes['support.turn_id'] ?? turnId))).toEqual(
      new Set([turnId]),
    );
  });

  it('an escalated turn reaches all six services, still in one trace', async () => {
    const { socket } = await stack.connect('cust-trace-2');
    const { reply, turnId } = await ask(socket, NEIGHBOUR);
    expect(reply.kind).toBe('abstention');
    socket.close();

    // The stack's own probe (`system-test-ops`, collecting escalations) is in the trace as well.
    const services = () =>
      new Set(
        traceOfTurn(turnId)
          .map(serviceOf)
          .filter((name) => name !== 'system-test-ops'),
      );
    await eventually(() =>
      expect(services()).toEqual(
        new Set(['gateway', 'agent', 'retrieval', 'reranker-proxy', 'escalation', 'classifier']),
      ),
    );
    // Each service has a span of the turn before it has them all: the escalation service is in
    // the trace from the customer's message, before it processes the escalation.
    await eventually(() =>
      expect(traceOfTurn(turnId).map((s) => `${serviceOf(s)}: ${s.name}`)).toEqual(
        expect.arrayContaining([
          'agent: publish support.escalation.raised',
          'escalation: process support.escalation.raised',
          'classifier: process support.escalation.raised',
          'classifier: publish support.escalation.classified',
        ]),
      ),
    );
    await eventually(() => expectOneTree(traceOfTurn(turnId)));
  });
});
