import { openDatabase, personalDataOf } from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform/pure';
import { openReply, type PersonalData, sealCustomerMessage, textOrErased } from '@support/privacy';
import { DeliverPolicy } from '@nats-io/jetstream';
import {
  BusConnection,
  type BusOptions,
  busOptionsFromEnv,
  EventPublisher,
  newEventId,
} from '@support/bus';
import {
  ClarificationOffered,
  type ClarificationOfferedPayload,
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

/** The replies that end a turn for the asker (a holding note or a human's words do not). */
const FINAL_REPLIES = new Set(['answer', 'abstention', 'clarification']);

/** What a turn gave the asker, its personal fields opened (the reply, the clarifying question). */
export interface TurnOutcome {
  readonly turnId: string;
  readonly reply: EnvelopeOf<typeof ReplySent>['payload'];
  readonly escalation: EnvelopeOf<typeof EscalationRaised>['payload'] | null;
  readonly retrievals: EnvelopeOf<typeof RetrievalCompleted>['payload'][];
  /** The sections offered, when the turn asked which one the customer means. */
  readonly clarification: ClarificationOfferedPayload | null;
  readonly latencyMs: number;
}

interface Pending {
  readonly started: number;
  reply?: EnvelopeOf<typeof ReplySent>;
  escalation?: EnvelopeOf<typeof EscalationRaised>;
  clarification?: ClarificationOfferedPayload;
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
    private readonly personalData: PersonalData,
    private readonly stop: () => Promise<void>,
  ) {}

  /** `databaseUrl`: the system's database, whose key store seals the questions asked. */
  static async open(
    options: BusOptions = busOptionsFromEnv('cli'),
    databaseUrl: string = loadConfig(databaseEnv).DATABASE_URL,
  ): Promise<TurnClient> {
    const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
    const bus = await BusConnection.open(options);
    const consumer = await bus.js.consumers.get(bus.options.stream, {
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const client = new TurnClient(bus, personalDataOf(database), async () => {
      await messages.close();
      await bus.close();
      await database.destroy();
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
    if (isEvent(event, ClarificationOffered)) turn.clarification = event.payload;
    if (isEvent(event, ReplySent) && FINAL_REPLIES.has(event.payload.kind)) turn.reply = event;
    // The escalation follows the abstention, `clarification.offered` the clarifying question:
    // wait for both before finishing such a turn.
    const kind = turn.reply?.payload.kind;
    if (
      turn.reply &&
      (kind === 'answer' ||
        (kind === 'abstention' && turn.escalation) ||
        (kind === 'clarification' && turn.clarification))
    ) {
      turn.done({
        turnId: event.turnId!,
        reply: turn.reply.payload,
        escalation: turn.escalation?.payload ?? null,
        retrievals: turn.retrievals,
        clarification: turn.clarification ?? null,
        latencyMs: Math.round(performance.now() - turn.started),
      });
      this.pending.delete(event.turnId!);
    }
  }

  /**
   * Asks one question in a new conversation, or (`conversationId`) the next message of an earlier
   * one: `choice` answers the clarifying question that conversation was asked.
   */
  async ask(
    question: string,
    options: {
      customerId?: string;
      namespace?: string;
      timeoutMs?: number;
      conversationId?: string;
      choice?: { optionId: string };
    } = {},
  ): Promise<TurnOutcome & { conversationId: string }> {
    const turnId = newEventId();
    const conversationId = options.conversationId ?? newEventId();
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
    const customerId = options.customerId ?? 'cli-user';
    const sealed = await sealCustomerMessage(this.personalData, customerId, {
      text: question.slice(0, MESSAGE_MAX_CHARS),
      attachments: [],
    });
    await new EventPublisher(this.bus).publish(
      createEvent(
        MessageReceived,
        {
          messageId: newEventId(),
          customerId,
          ...sealed,
          channel: 'cli',
          ...(options.choice ? { choice: options.choice } : {}),
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
    return { ...(await this.opened(await outcome)), conversationId };
  }

  /** The turn as the asker reads it: the reply and the clarifying question opened. */
  private async opened(outcome: TurnOutcome): Promise<TurnOutcome> {
    const { erased: _erased, ...reply } = await openReply(this.personalData, outcome.reply);
    const clarification = outcome.clarification && {
      ...outcome.clarification,
      question: textOrErased(await this.personalData.openText(outcome.clarification.question)),
    };
    return { ...outcome, reply, clarification };
  }

  close(): Promise<void> {
    return this.stop();
  }
}
