import { JetStreamApiError } from '@nats-io/jetstream';
import {
  headers,
  InvalidArgumentError,
  type MsgHdrs,
  PermissionViolationError,
} from '@nats-io/nats-core';
import type { Tracer } from '@opentelemetry/api';
import { encodeValidEvent, type EventEnvelope, eventRegistry } from '@support/contracts';
import { tracerFor } from '@support/platform';
import type { BusConnection } from './bus-connection.js';
import { PublishNotAcknowledged, PublishRefused } from './bus-errors.js';
import { publishInSpan } from './event-tracing.js';

export interface PublishResult {
  readonly streamSequence: number;
  /** True when the stream already held an event with this id (deduplicated by Nats-Msg-Id). */
  readonly duplicate: boolean;
}

const RETRY_DELAY_MS = 250;

/**
 * Publishes validated events and waits for the stream's acknowledgement. Retries inside the
 * deadline are safe because the event id is the `Nats-Msg-Id`; past the deadline the caller gets a
 * PublishNotAcknowledged error, never a silent loss. A publish the server's permissions refuse
 * fails at once (PublishRefused): it is not an outage, and waiting would only hide it.
 * Each publish is a span of the active trace, carried to the consumers in the message headers.
 */
export class EventPublisher {
  private readonly tracer: Tracer;

  constructor(private readonly bus: BusConnection) {
    this.tracer = tracerFor(bus.options.name);
  }

  async publish(event: EventEnvelope): Promise<PublishResult> {
    // Exactly what goes on the wire is valid for the consumers' own decoder (validated once).
    const data = encodeValidEvent(event, eventRegistry);
    const definition = eventRegistry.get(event.type)!;
    const hdrs = headers();
    hdrs.set('Nats-Msg-Id', event.id);
    hdrs.set('Event-Type', event.type);
    return publishInSpan(this.tracer, definition.subject, event, hdrs, () =>
      this.send(definition.subject, event.id, data, hdrs),
    );
  }

  private async send(
    subject: string,
    id: string,
    data: Uint8Array,
    hdrs: MsgHdrs,
  ): Promise<PublishResult> {
    const deadline = Date.now() + this.bus.options.publishTimeoutMs;
    let lastError: unknown;
    while (Date.now() < deadline) {
      try {
        const ack = await this.bus.js.publish(subject, data, {
          msgID: id,
          headers: hdrs,
          timeout: Math.max(500, Math.min(5_000, deadline - Date.now())),
        });
        return { streamSequence: ack.seq, duplicate: ack.duplicate };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) throw new PublishRefused(subject, refusal, error);
        lastError = error;
        if (this.bus.nc.isClosed()) break;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
    throw new PublishNotAcknowledged(subject, lastError);
  }

  async publishAll(events: readonly EventEnvelope[]): Promise<PublishResult[]> {
    const results: PublishResult[] = [];
    for (const event of events) results.push(await this.publish(event));
    return results;
  }
}

/**
 * Why the server will never take this publish, or null when a retry may succeed (a timeout, no
 * stream leader yet, a reconnect). nats.js wraps the server's `-ERR 'Permissions Violation…'` of a
 * request in a RequestError; a payload over the connection's max_payload is an InvalidArgumentError;
 * the stream's own 400 answers (a message over its size limit) are JetStreamApiErrors.
 */
function refusalOf(error: unknown): 'forbidden' | 'payload_too_large' | null {
  for (let e = error; e instanceof Error; e = e.cause)
    if (e instanceof PermissionViolationError) return 'forbidden';
  if (error instanceof InvalidArgumentError) return 'payload_too_large';
  if (error instanceof JetStreamApiError && error.status === 400) return 'payload_too_large';
  return null;
}
