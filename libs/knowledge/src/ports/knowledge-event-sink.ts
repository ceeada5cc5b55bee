import type { EventEnvelope } from '@support/contracts';

/**
 * Where the use case's events go: the bus publisher of the service that runs it (the same shape as
 * the gateway's EventSink). Resolves once the event log acknowledged the event.
 */
export interface KnowledgeEventSink {
  publish(event: EventEnvelope): Promise<unknown>;
}
