import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  createEvent,
  DEAD_LETTER_REASON_MAX_CHARS,
  DeadLettered,
  decodeEvent,
  type EnvelopeOf,
  type EventDefinition,
  type EventEnvelope,
} from '@support/contracts';
import { codeOf, policyOf, tracerFor } from '@support/platform';
import type { BusConnection } from './bus-connection.js';
import type { ConsumerMetrics } from './consumer-metrics.js';
import { OUTAGE_BACKOFF_MS } from './bus-options.js';
import type { EventPublisher } from './event-publisher.js';
import { ConversationLanes } from './conversation-lanes.js';
import { redriveTargetOf } from './dead-letter-redrive.js';
import { isSettling, whenJetStreamAnswers } from './jetstream-settling.js';
import { HandlerFailures } from './handler-failures.js';
import { deterministicId } from './ids.js';
import { consumeInSpan, recordHandlerFailure } from './event-tracing.js';

export interface EventContext {
  readonly consumer: string;
  readonly subject: string;
  readonly streamSequence: number;
  readonly deliveryCount: number;
}

export interface EventSubscription<D extends EventDefinition = EventDefinition> {
  /** Durable consumer name; `consumerName(service, event)` gives the conventional one. */
  readonly durable: string;
  readonly event: D;
  /** Must be idempotent and must have stored its effects when it resolves: the ack follows. */
  readonly handle: (event: EnvelopeOf<D>, context: EventContext) => Promise<void>;
  /** `new`: start at the end of the stream on first creation (delivery-only consumers). */
  readonly deliverPolicy?: 'all' | 'new';
  /**
   * A consumer of one process that rebuilds in-memory state from the start of the log: its name is
   * the instance's, and each start deletes the previous start's consumer and creates it anew (a
   * restart must read everything again, and must not leave the old one behind undrained). The
   * server removes it an hour after the instance is gone for good, like `new` ones.
   */
  readonly perProcess?: boolean;
  /**
   * Events handled at once (default 1). Events of one conversation still go one after another,
   * in stream order; only different conversations overlap.
   */
  readonly concurrency?: number;
}

export interface RunningConsumer {
  readonly durable: string;
  stop(): Promise<void>;
}

interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Runs durable pull consumers: decode + validate, call the handler, ack only after it resolved.
 * What a handler failure does depends on its error's ack policy (`policyOf`):
 * - `term` (a contract violation, a missing record): dead-lettered at once;
 * - `wait` (a dependency outage: Postgres, the bus, a model server unreachable): redelivered with a
 *   capped backoff for as long as the outage lasts, and not counted;
 * - `nak` (anything else): redelivered with backoff and dead-lettered once it has failed
 *   BUS_MAX_DELIVER times.
 * Dead-lettered messages are recorded as `deadletter.recorded` events with their bytes, nothing is
 * dropped, and `cli deadletters redrive` delivers them to their consumer again.
 */
export class EventConsumerRunner {
  constructor(
    private readonly bus: BusConnection,
    private readonly publisher: EventPublisher,
    private readonly logger: Logger = console,
    private readonly metrics?: ConsumerMetrics,
  ) {}

  async start<D extends EventDefinition>(
    subscription: EventSubscription<D>,
  ): Promise<RunningConsumer> {
    const { stream, ackWaitMs } = this.bus.options;
    const config: Partial<ConsumerConfig> = {
      durable_name: subscription.durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: subscription.event.subject,
      deliver_policy: subscription.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      ack_wait: nanos(ackWaitMs),
      // Unlimited: JetStream counts every delivery, an outage's redeliveries too, so its limit
      // would drop messages the handler never really failed on (and drop them without a record).
      // This runner decides dead-letter itself from the failures that count (HandlerFailures).
      max_deliver: -1,
      max_ack_pending: 1_000,
      // Live-only consumers are per instance (pod): the server removes them an hour after their
      // instance is gone, instead of keeping one durable per pod name forever.
      ...(subscription.deliverPolicy === 'new' || subscription.perProcess
        ? { inactive_threshold: nanos(3_600_000) }
        : {}),
    };
    if (subscription.perProcess)
      await this.bus.jsm.consumers.delete(stream, subscription.durable).catch(() => undefined);
    await whenJetStreamAnswers(`consumer ${subscription.durable}`, async () => {
      try {
        await this.bus.jsm.consumers.add(stream, config);
      } catch (error) {
        if (isSettling(error)) throw error;
        await this.bus.jsm.consumers.update(stream, subscription.durable, {
          ack_wait: config.ack_wait,
          max_deliver: config.max_deliver,
          max_ack_pending: config.max_ack_pending,
        });
      }
    });
    const consumer = await whenJetStreamAnswers(`consumer ${subscription.durable}`, () =>
      this.bus.js.consumers.get(stream, subscription.durable),
    );
    // A consumer of slow work (several at once) buffers little: what it holds, another replica
    // cannot take, and a buffered message's ack_wait runs before its handler starts.
    const concurrency = subscription.concurrency ?? 1;
    const messages: ConsumerMessages = await consumer.consume({
      max_messages: concurrency > 1 ? concurrency * 2 : 64,
      // A pull waiting on a cluster node that died (or froze) is noticed only when it expires, as
      // a missed heartbeat: 30 s by default, the longest wait of a leader change (faults-cluster).
      expires: PULL_EXPIRES_MS,
    });
    const lanes = new ConversationLanes(concurrency, (error) =>
      this.logger.error(`consumer ${subscription.durable}: ${String(error)}`),
    );
    const failures = new HandlerFailures();
    const tracer = tracerFor(this.bus.options.name);
    const loop = (async () => {
      for await (const message of messages) {
        // A re-driven copy is meant for the one consumer that dead-lettered the original.
        const redriveTarget = redriveTargetOf(message);
        if (redriveTarget !== null && redriveTarget !== subscription.durable) {
          message.ack();
          continue;
        }
        // Decoded once, here: the conversation picks the lane, the handler gets the event.
        const decoded = decodeFor(subscription, message);
        const lane = 'event' in decoded ? decoded.event.conversationId : null;
        // Each message is handled in its publisher's trace, its ids in every log line.
        const event = 'event' in decoded ? decoded.event : null;
        await lanes.run(lane, () =>
          consumeInSpan(tracer, this.bus.options.name, subscription.durable, message, event, () =>
            this.process(subscription, message, decoded, failures),
          ),
        );
      }
      await lanes.drain();
    })().catch((error: unknown) =>
      this.logger.error(`consumer ${subscription.durable} stopped: ${String(error)}`),
    );

    return {
      durable: subscription.durable,
      stop: async () => {
        await messages.close();
        await loop;
      },
    };
  }

  private async process<D extends EventDefinition>(
    subscription: EventSubscription<D>,
    message: JsMsg,
    decoded: Decoded,
    failures: HandlerFailures,
  ): Promise<void> {
    const context: EventContext = {
      consumer: subscription.durable,
      subject: message.subject,
      streamSequence: message.info.streamSequence,
      deliveryCount: message.info.deliveryCount,
    };
    if (context.deliveryCount > 1) this.metrics?.redelivered(context.consumer);

    if ('invalid' in decoded) {
      await this.deadLetter(message, context, 'invalid', decoded.invalid);
      return;
    }
    const event = decoded.event;

    // A handler may outlast ack_wait (a slow model): tell the server it is alive, so only a crash
    // (no more heartbeats) hands the message to another replica.
    const heartbeat = setInterval(() => message.working(), this.bus.options.ackWaitMs / 2);
    const sequence = context.streamSequence;
    try {
      await subscription.handle(event as EnvelopeOf<D>, context);
      message.ack();
      failures.forget(sequence);
    } catch (error) {
      recordHandlerFailure(error);
      const ack = policyOf(error).ack;
      if (ack === 'term') {
        if (await this.deadLetter(message, context, 'invalid', error, event.id))
          failures.forget(sequence);
      } else if (ack === 'wait') {
        const delay = pick(
          this.bus.options.outageBackoffMs ?? OUTAGE_BACKOFF_MS,
          context.deliveryCount,
        );
        this.logger.warn(
          `${subscription.durable}: seq ${sequence} waits for a dependency (retry in ${delay} ms, ` +
            `not counted): ${String(error)}`,
        );
        message.nak(delay);
      } else {
        const failed = failures.record(sequence);
        if (failed >= this.bus.options.maxDeliver) {
          if (await this.deadLetter(message, context, 'exhausted', error, event.id))
            failures.forget(sequence);
        } else {
          this.logger.warn(
            `${subscription.durable}: seq ${sequence} failed (${failed} of ` +
              `${this.bus.options.maxDeliver}), retrying: ${String(error)}`,
          );
          message.nak(pick(this.bus.options.backoffMs, failed));
        }
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async deadLetter(
    message: JsMsg,
    context: EventContext,
    cause: 'invalid' | 'exhausted',
    error: unknown,
    originalEventId?: string,
  ): Promise<boolean> {
    const reason =
      (error instanceof Error ? error.message : String(error)).slice(
        0,
        DEAD_LETTER_REASON_MAX_CHARS,
      ) || 'unknown';
    try {
      const event = createEvent(
        DeadLettered,
        {
          consumer: context.consumer,
          originalSubject: context.subject,
          streamSequence: context.streamSequence,
          deliveries: context.deliveryCount,
          cause,
          errorCode: codeOf(error),
          reason,
          ...(originalEventId ? { originalEventId } : {}),
          dataBase64: Buffer.from(message.data).toString('base64'),
        },
        {
          // One dead-letter event per consumer and message, however often this runs.
          id: deterministicId('deadletter', context.consumer, context.streamSequence),
          occurredAt: new Date().toISOString(),
          correlationId: deterministicId(
            'deadletter-correlation',
            context.consumer,
            context.streamSequence,
          ),
        },
      );
      // Recorded before (a per-process consumer replaying the log meets the same failure again):
      // stored once, past the stream's duplicate window too.
      if (await this.bus.deadLetterKeys.recorded(event.id)) {
        message.term(`dead letter ${event.id} already recorded`);
        return true;
      }
      await this.publisher.publish(event);
      this.metrics?.deadLettered(context.consumer, cause);
      // Not remembered (the bus went away just now): a later replay may store it once more.
      await this.bus.deadLetterKeys
        .remember(event.id)
        .catch((error: unknown) =>
          this.logger.warn(
            `${context.consumer}: dead letter ${event.id} not remembered: ${String(error)}`,
          ),
        );
      this.logger.error(
        `${context.consumer}: seq ${context.streamSequence} dead-lettered (${cause}): ${reason}`,
      );
      message.term(reason.slice(0, 200));
      return true;
    } catch (publishError) {
      // Not recorded yet: keep the message and try again rather than lose it.
      this.logger.error(`${context.consumer}: dead-letter publish failed: ${String(publishError)}`);
      message.nak(
        pick(this.bus.options.outageBackoffMs ?? OUTAGE_BACKOFF_MS, context.deliveryCount),
      );
      return false;
    }
  }
}

/** How long one pull request waits on the server before the client issues another. */
const PULL_EXPIRES_MS = 5_000;

/** The `n`th delay (1-based); the last one repeats. */
function pick(delays: readonly number[], n: number): number {
  return delays[Math.min(n - 1, delays.length - 1)] ?? 1_000;
}

type Decoded = { event: EventEnvelope } | { invalid: unknown };

/** The message as its subscription's event, or why it is not one (it goes to dead-letter). */
function decodeFor(subscription: EventSubscription, message: JsMsg): Decoded {
  try {
    const event = decodeEvent(message.data);
    if (event.type !== subscription.event.type)
      throw Object.assign(new Error(`Expected ${subscription.event.type}, got ${event.type}`), {
        code: 'validation_failed',
      });
    return { event };
  } catch (invalid) {
    return { invalid };
  }
}
