import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { type EventEnvelope, eventRegistry } from '@support/contracts';
import { lastValueFrom } from 'rxjs';
import type { BusConnection } from '../bus-connection.js';
import type { EventPublisher, PublishResult } from '../event-publisher.js';

/**
 * Nest's client for the JetStream event bus: `emit(subject, event)` publishes through the
 * EventPublisher (validated, deduplicated by event id, traced, acknowledged by the stream).
 * `send` is refused: the bus carries events, and a reply comes back as an event of its own.
 */
export class JetStreamClient extends ClientProxy {
  constructor(
    private readonly bus: BusConnection,
    private readonly publisher: EventPublisher,
  ) {
    super();
  }

  /** Publishes `event` on its own subject; resolves once the stream has stored it. */
  publishEvent(event: EventEnvelope): Promise<PublishResult> {
    const subject = eventRegistry.get(event.type)?.subject ?? event.type;
    return lastValueFrom(this.emit<PublishResult>(subject, event));
  }

  /** The connection is the bus module's: open before the client exists, closed with the app. */
  async connect(): Promise<void> {}

  async close(): Promise<void> {}

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected async dispatchEvent<T = PublishResult>(packet: ReadPacket<EventEnvelope>): Promise<T> {
    const event = packet.data;
    const subject = eventRegistry.get(event.type)?.subject;
    if (subject !== packet.pattern)
      throw new Error(
        `event ${event.type} belongs on ${subject ?? 'no subject (unknown type)'}, ` +
          `not on ${String(packet.pattern)}`,
      );
    return (await this.publisher.publish(event)) as T;
  }

  /** What `send` does: refuses, naming the pattern. */
  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    callback({
      err: new Error(
        `send(${String(packet.pattern)}): the JetStream bus has no request-reply; emit an event ` +
          `and consume its answer as an event`,
      ),
      isDisposed: true,
    });
    return () => undefined;
  }
}
