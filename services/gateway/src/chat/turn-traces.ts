import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { withLogContext } from '@support/platform/pure';
import type { EventSink } from './customer-chat.js';

/**
 * Publishes what a customer's frame started (a message: a turn; a withdrawal) as the root span of
 * a new trace: the bus carries it through agent, retrieval, reranker and back, so one turn is one
 * trace. The log lines written meanwhile name the conversation and the turn.
 */
export function tracingTurns(sink: EventSink, tracer: Tracer): EventSink {
  return {
    publish: (event) =>
      tracer.startActiveSpan(
        `customer ${event.type}`,
        {
          root: true,
          kind: SpanKind.SERVER,
          attributes: {
            'support.event_type': event.type,
            'support.correlation_id': event.correlationId,
            ...(event.conversationId ? { 'support.conversation_id': event.conversationId } : {}),
            ...(event.turnId ? { 'support.turn_id': event.turnId } : {}),
          },
        },
        (span) =>
          withLogContext(
            {
              conversationId: event.conversationId,
              turnId: event.turnId,
              correlationId: event.correlationId,
              eventType: event.type,
            },
            async () => {
              try {
                return await sink.publish(event);
              } catch (error) {
                span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
                throw error;
              } finally {
                span.end();
              }
            },
          ),
      ),
  };
}
