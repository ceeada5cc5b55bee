import { describe, expect, it } from '@jest/globals';
import { headers } from '@nats-io/nats-core';
import { context, trace } from '@opentelemetry/api';
import { tracerFor } from '@support/platform';
import {
  extractTraceContext,
  injectTraceContext,
  natsHeaderGetter,
  natsHeaderSetter,
} from './trace-headers.js';

describe('trace context in NATS headers', () => {
  const tracer = tracerFor('trace-headers-test');

  it('round-trips a span context through traceparent / tracestate headers', () => {
    const span = tracer.startSpan('publish');
    const sent = span.spanContext();
    const hdrs = headers();
    hdrs.set('Nats-Msg-Id', 'event-1');
    injectTraceContext(hdrs, trace.setSpan(context.active(), span));
    span.end();

    expect(hdrs.get('traceparent')).toBe(`00-${sent.traceId}-${sent.spanId}-01`);
    expect(hdrs.get('Nats-Msg-Id')).toBe('event-1');
    const received = trace.getSpanContext(extractTraceContext(hdrs));
    expect(received).toMatchObject({
      traceId: sent.traceId,
      spanId: sent.spanId,
      traceFlags: sent.traceFlags,
      isRemote: true,
    });
  });

  it('keeps tracestate, and reads header names in any case', () => {
    const hdrs = headers();
    natsHeaderSetter.set(
      hdrs,
      'TraceParent',
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    );
    natsHeaderSetter.set(hdrs, 'tracestate', 'vendor=value');
    expect(natsHeaderGetter.get(hdrs, 'traceparent')).toBe(
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    );
    expect(
      natsHeaderGetter
        .keys(hdrs)
        .map((k) => k.toLowerCase())
        .sort(),
    ).toEqual(['traceparent', 'tracestate']);
    const received = trace.getSpanContext(extractTraceContext(hdrs));
    expect(received?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(received?.traceState?.get('vendor')).toBe('value');
  });

  it('gives no parent for a message without trace headers (or without headers at all)', () => {
    expect(natsHeaderGetter.get(undefined, 'traceparent')).toBeUndefined();
    expect(natsHeaderGetter.get(headers(), 'traceparent')).toBeUndefined();
    expect(trace.getSpanContext(extractTraceContext(undefined))).toBeUndefined();
    const outer = tracer.startSpan('unrelated work of the consumer');
    // Whatever the consuming side had active is not the parent of the message's work.
    const extracted = context.with(trace.setSpan(context.active(), outer), () =>
      extractTraceContext(headers()),
    );
    outer.end();
    expect(trace.getSpanContext(extracted)).toBeUndefined();
  });
});
