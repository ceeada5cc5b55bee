import { DeliverPolicy } from '@nats-io/jetstream';
import {
  BusConnection,
  type BusOptions,
  busOptionsFromEnv,
  EventPublisher,
  newEventId,
} from '@support/bus';
import {
  createEvent,
  decodeEvent,
  EscalationRaised,
  type EnvelopeOf,
  isEvent,
  MessageReceived,
  MESSAGE_MAX_CHARS,
  ReplySent,
  RetrievalCompleted,
} from '@support/contracts';

export interface TurnOutcome {
  readonly turnId: string;
  readonly reply: EnvelopeOf<typeof ReplySent>['payload'];
  readonly escalation: EnvelopeOf<typeof EscalationRaised>['payload'] | null;
  readonly retrievals: EnvelopeOf<typeof RetrievalCompleted>['payload'][];
  readonly latencyMs: number;
}

interface Pending {
  readonly started: number;
  reply?: EnvelopeOf<typeof ReplySent>;
  escalation?: EnvelopeOf<typeof EscalationRaised>;
  retrievals: EnvelopeOf<typeof RetrievalCompleted>['payload'][];
  done: (outcome: TurnOutcome) => void;
}

/**
 * Asks questions the way a customer does, through the bus: publishes `conversation.message_received`
 * and collects what the services publish for that turn (the reply, the escalation, the retrievals).
 * Each question is a new conversation marked synthetic (evaluation traffic): the services answer
 * and escalate it as usual, but no admin is told, and the admin queue and the dashboard never
 * count it; `cli trace` still shows its turns.
 */
export class TurnClient {
  private readonly pending = new Map<string, Pending>();

  private constructor(
    private readonly bus: BusConnection,
    private readonly stop: () => Promise<void>,
  ) {}

  static async open(options: BusOptions = busOptionsFromEnv('cli')): Promise<TurnClient> {
    const bus = await BusConnection.open(options);
    const consumer = await bus.js.consumers.get(bus.options.stream, {
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const client = new TurnClient(bus, async () => {
      await messages.close();
      await bus.close();
    });
    void (async () => {
      for await (const message of messages) {
        try {
          client.observe(decodeEvent(message.data));
        } catch {
          // Not ours to judge: consumers dead-letter invalid events.
        }
      }
    })();
    return client;
  }

  private observe(event: ReturnType<typeof decodeEvent>): void {
    const turn = event.turnId ? this.pending.get(event.turnId) : undefined;
    if (!turn) return;
    if (isEvent(event, RetrievalCompleted)) turn.retrievals.push(event.payload);
    if (isEvent(event, EscalationRaised)) turn.escalation = event;
    if (
      isEvent(event, ReplySent) &&
      (event.payload.kind === 'answer' || event.payload.kind === 'abstention')
    )
      turn.reply = event;
    // The escalation follows the abstention: wait for both before finishing an escalated turn.
    if (turn.reply && (turn.reply.payload.kind === 'answer' || turn.escalation)) {
      turn.done({
        turnId: event.turnId!,
        reply: turn.reply.payload,
        escalation: turn.escalation?.payload ?? null,
        retrievals: turn.retrievals,
        latencyMs: Math.round(performance.now() - turn.started),
      });
      this.pending.delete(event.turnId!);
    }
  }

  async ask(
    question: string,
    options: { customerId?: string; namespace?: string; timeoutMs?: number } = {},
  ): Promise<TurnOutcome> {
    const turnId = newEventId();
    const conversationId = newEventId();
    const outcome = new Promise<TurnOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(turnId);
        reject(
          new Error(`no reply within ${options.timeoutMs ?? 30_000} ms (is the agent running?)`),
        );
      }, options.timeoutMs ?? 30_000);
      this.pending.set(turnId, {
        started: performance.now(),
        retrievals: [],
        done: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
      });
    });
    await new EventPublisher(this.bus).publish(
      createEvent(
        MessageReceived,
        {
          messageId: newEventId(),
          customerId: options.customerId ?? 'cli-user',
          text: question.slice(0, MESSAGE_MAX_CHARS),
          attachments: [],
          channel: 'cli',
          ...(options.namespace ? { kbNamespace: options.namespace } : {}),
        },
        {
          id: newEventId(),
          occurredAt: new Date().toISOString(),
          conversationId,
          turnId,
          correlationId: turnId,
          synthetic: true,
        },
      ),
    );
    return outcome;
  }

  close(): Promise<void> {
    return this.stop();
  }
}
