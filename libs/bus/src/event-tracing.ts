import {
  type Attributes,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/nats-core';
import type { EventEnvelope } from '@support/contracts';
import { withLogContext } from '@support/platform/pure';
import { extractTraceContext, injectTraceContext } from './trace-headers.js';

function eventAttributes(subject: string, event: EventEnvelope | null): Attributes {
  return {
    'messaging.system': 'nats',
    'messaging.destination.name': subject,
    ...(event
      ? {
          'messaging.message.id': event.id,
          'support.event_type': event.type,
          'support.correlation_id': event.correlationId,
          ...(event.conversationId ? { 'support.conversation_id': event.conversationId } : {}),
          ...(event.turnId ? { 'support.turn_id': event.turnId } : {}),
        }
      : {}),
  };
}

function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: String(error).slice(0, 200) });
}

/**
 * Runs `publish` inside a PRODUCER span, child of whatever is active (a handled event, a turn),
 * and writes that span's context into the message's headers: the consumer continues the trace.
 */
export function publishInSpan<T>(
  tracer: Tracer,
  subject: string,
  event: EventEnvelope,
  headers: MsgHdrs,
  publish: () => Promise<T>,
): Promise<T> {
  const attributes = { ...eventAttributes(subject, event), 'messaging.operation.type': 'send' };
  return tracer.startActiveSpan(
    `publish ${subject}`,
    { kind: SpanKind.PRODUCER, attributes },
    async (span) => {
      injectTraceContext(headers);
      try {
        return await publish();
      } catch (error) {
        recordFailure(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Runs the handling of one delivered message inside a CONSUMER span, child of the publisher's
 * span from the message headers, and in a log context naming the service and the event's
 * conversation, turn and correlation: every log line of the handler carries them.
 */
export function consumeInSpan<T>(
  tracer: Tracer,
  service: string,
  consumer: string,
  message: JsMsg,
  event: EventEnvelope | null,
  handle: () => Promise<T>,
): Promise<T> {
  const attributes = {
    ...eventAttributes(message.subject, event),
    'messaging.operation.type': 'process',
    'messaging.consumer.group.name': consumer,
  };
  return tracer.startActiveSpan(
    `process ${message.subject}`,
    { kind: SpanKind.CONSUMER, attributes },
    extractTraceContext(message.headers),
    (span) =>
      withLogContext(
        {
          service,
          conversationId: event?.conversationId ?? null,
          turnId: event?.turnId ?? null,
          correlationId: event?.correlationId ?? null,
          eventType: event?.type,
        },
        async () => {
          try {
            return await handle();
          } finally {
            span.end();
          }
        },
      ),
  );
}

/** Marks the active span failed: a handler threw, and its message is retried or dead-lettered. */
export function recordHandlerFailure(error: unknown): void {
  const span = trace.getActiveSpan();
  if (span) recordFailure(span, error);
}
