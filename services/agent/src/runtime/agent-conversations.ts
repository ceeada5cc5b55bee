import {
  openCustomerMessage,
  type PersonalData,
  type PlainCustomerMessage,
  sealReply,
} from '@support/privacy';
import type { AdminReplyReceipts } from '@support/persistence';
import { AppError } from '@support/platform/pure';
import { Command } from '@langchain/langgraph';
import { deterministicId, type EventPublisher } from '@support/bus';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import {
  AdminReplied,
  createEvent,
  type CustomerForgotten,
  EscalationWithdrawn,
  type EnvelopeOf,
  inheritSynthetic,
  type Language,
  MessageReceived,
  ReplySent,
  type WithdrawalRequested,
} from '@support/contracts';
import { HOLDING, turnOutcome, waitingText } from '@support/policy';
import { type HumanReviewInterrupt, WITHDRAWAL } from '../graph/human-review.js';
import {
  ALWAYS_OPEN,
  type SupportSchedule,
  supportAvailability,
} from '../support-hours/support-hours.js';
import type { TurnContext } from '../graph/agent-ports.js';
import type { AgentGraph } from '../graph/agent-graph.js';
import { newTurnInput } from '../graph/new-turn-input.js';
import type { AgentStateValue } from '../graph/agent-state.js';
import type { BusAgentPorts } from './bus-agent-ports.js';
import { checkpointThreadOf } from './checkpoint-thread.js';
import type { ConversationLock } from './conversation-lock.js';
import { turnIds as turnEventIds } from './bus-agent-ports.js';

/** Where a turn's checkpoint reads may be shared: `ReadOnceCheckpoints` in the service. */
export interface TurnReads {
  turn<T>(threadId: string, work: () => Promise<T>): Promise<T>;
}
const EVERY_READ: TurnReads = { turn: (_threadId, work) => work() };

/**
 * Drives one graph thread per conversation from the bus: a customer message starts a turn (or,
 * while the conversation waits for a colleague, gets the holding note in the message's own
 * language); an admin's reply goes to the customer verbatim and resumes the paused graph when the
 * pause is that escalation's; the customer withdrawing the request resumes it without an answer.
 * Redelivered events change nothing: turns are recorded on the thread and every published id
 * derives from the turn or the escalation.
 */
export class AgentConversations {
  constructor(
    private readonly graph: AgentGraph,
    private readonly ports: BusAgentPorts,
    private readonly publisher: EventPublisher,
    private readonly lock: ConversationLock,
    private readonly detectLanguage: (text: string) => Language,
    private readonly clock: () => Date,
    private readonly receipts: Pick<AdminReplyReceipts, 'holds'>,
    /** Opens what the customer wrote for the turn; only the turn's run sees it in plaintext. */
    private readonly personalData: PersonalData,
    private readonly supportSchedule: SupportSchedule = ALWAYS_OPEN,
    private readonly checkpoints: TurnReads = EVERY_READ,
  ) {}

  private config(conversationId: string) {
    // One checkpoint per run (at its end or its interrupt), not one per step: most of a turn's CPU
    // went to writing and re-parsing intermediate checkpoints. A run a crash cuts short starts
    // over on redelivery, and every side effect it repeats carries the same id as before.
    return {
      configurable: { thread_id: checkpointThreadOf(conversationId) },
      durability: 'exit' as const,
    };
  }

  private async snapshot(conversationId: string) {
    const snapshot = await this.graph.getState(this.config(conversationId));
    const interrupts = snapshot.tasks.flatMap((task) => task.interrupts);
    const paused = interrupts.length > 0;
    // The escalation the pause waits on: its turn is in the interrupt (state.turnId moves on).
    const pausedTurn = (interrupts[0]?.value as HumanReviewInterrupt | undefined)?.turnId;
    const pausedEscalation = pausedTurn ? turnEventIds.escalation(pausedTurn) : null;
    return {
      values: snapshot.values as Partial<AgentStateValue>,
      next: snapshot.next,
      paused,
      pausedTurn,
      pausedEscalation,
    };
  }

  /**
   * On `customer.forgotten`: deletes the checkpoints of the customer's conversations (their whole
   * history, in plaintext, and any pause waiting for a colleague). Orders stay: they are the
   * shop's accounting records and hold nothing the customer wrote. Idempotent: a thread already
   * deleted deletes nothing.
   */
  async onCustomerForgotten(event: EnvelopeOf<typeof CustomerForgotten>): Promise<void> {
    const checkpointer = this.graph.checkpointer as BaseCheckpointSaver;
    for (const conversationId of event.payload.conversationIds)
      await this.lock.run(conversationId, () =>
        checkpointer.deleteThread(checkpointThreadOf(conversationId)),
      );
  }

  /** Whether the conversation waits for a human (for tests and the console). */
  async isPaused(conversationId: string): Promise<boolean> {
    return (await this.snapshot(conversationId)).paused;
  }

  async onCustomerMessage(event: EnvelopeOf<typeof MessageReceived>): Promise<void> {
    const conversationId = event.conversationId;
    const turnId = event.turnId;
    if (!conversationId || !turnId) return;
    const p = event.payload;
    const message = await openCustomerMessage(this.personalData, p);
    // A forgotten customer's message (a redelivery after the erasure) starts no turn.
    if (message.erased) return;
    const text = message.text.trim() || (message.attachments.length ? '(photo)' : '');
    const turn: TurnContext = {
      customerId: p.customerId,
      conversationId,
      turnId,
      causeEventId: event.id,
      ...inheritSynthetic(event),
      language: this.detectLanguage(text),
      question: text,
      ...(p.kbNamespace ? { namespace: p.kbNamespace } : {}),
    };
    // The checkpoint read to decide is the one the run starts from (see ReadOnceCheckpoints).
    const thread = checkpointThreadOf(conversationId);
    await this.lock.run(conversationId, () =>
      this.checkpoints.turn(thread, () =>
        this.startTurn(turn, text, message.attachments, p.choice?.optionId),
      ),
    );
  }

  private async startTurn(
    turn: TurnContext,
    text: string,
    attachments: PlainCustomerMessage['attachments'],
    choiceOptionId?: string,
  ): Promise<void> {
    const { conversationId, turnId } = turn;
    const { values, next, paused } = await this.snapshot(conversationId);
    // A conversation is its first customer's: a message naming another customer (published past
    // the gateway) must not look up that customer's orders here. Dead-lettered, never answered.
    if (values.customerId && values.customerId !== turn.customerId)
      throw new AppError(
        'forbidden',
        `message ${turn.causeEventId} names customer ${turn.customerId}, ` +
          `not the owner of conversation ${conversationId}`,
      );
    if (values.turnIds?.includes(turnId)) {
      // Seen before: finish it if a crash stopped it mid-run, otherwise there is nothing to do.
      if (next.length > 0 && !paused) await this.graph.invoke(null, this.config(conversationId));
      return;
    }
    if (paused) {
      // In the language of the message it answers, not of the escalated turn.
      await this.ports.sendReply(turn, {
        kind: 'holding',
        text: waitingText(
          HOLDING,
          turn.language,
          supportAvailability(this.clock(), this.supportSchedule),
        ),
        citations: [],
      });
      await this.ports.recordOutcome(turn, turnOutcome({ next: 'hold' }));
      return;
    }
    const images = attachments.map(({ mimeType, dataBase64 }) => ({ mimeType, dataBase64 }));
    await this.graph.invoke(
      newTurnInput({ ...turn, text, images, ...(choiceOptionId ? { choiceOptionId } : {}) }),
      this.config(conversationId),
    );
  }

  async onAdminReply(event: EnvelopeOf<typeof AdminReplied>): Promise<void> {
    const conversationId = event.conversationId;
    if (!conversationId) return;
    // Received by the escalation service (Slack) or the gateway (console) before it was published:
    // an admin reply published straight on the bus has no receipt and never reaches the customer.
    const { provider, externalId, escalationId } = event.payload;
    if (!(await this.receipts.holds({ provider, externalId, escalationId, conversationId })))
      throw new AppError(
        'forbidden',
        `admin reply ${event.id} (${provider} ${externalId}) was never received for escalation ` +
          `${escalationId} of conversation ${conversationId}: not relayed`,
      );
    const opened = await this.personalData.openText(event.payload.text);
    // The customer was forgotten since (a redelivery after the erasure): nobody to answer.
    if (opened.kind === 'erased') return;
    const text = opened.value;
    await this.lock.run(conversationId, async () => {
      const { values, paused, pausedEscalation } = await this.snapshot(conversationId);
      // A conversation the agent never handled has no thread to resume and no customer to address.
      if (!values.customerId) return;
      await this.publisher.publish(
        createEvent(
          ReplySent,
          {
            replyId: deterministicId(
              'human-reply-id',
              event.payload.provider,
              event.payload.externalId,
            ),
            customerId: values.customerId,
            kind: 'human',
            // The admin's words, sealed again under the customer's key.
            ...(await sealReply(this.personalData, values.customerId, { text })),
            language: values.language ?? this.detectLanguage(text),
            citations: [],
          },
          {
            id: deterministicId('human-reply', event.payload.provider, event.payload.externalId),
            occurredAt: this.clock().toISOString(),
            conversationId,
            turnId: values.turnId ?? null,
            causationId: event.id,
            correlationId: event.correlationId,
            ...inheritSynthetic(event),
          },
        ),
      );
      // The words always reach the customer; they resume only the pause of their own escalation.
      // After a withdrawal the graph is not paused, or paused on a later escalation that this
      // admin has not seen: resuming that one would answer the wrong turn.
      if (paused && pausedEscalation === event.payload.escalationId)
        await this.graph.invoke(new Command({ resume: text }), this.config(conversationId));
    });
  }

  /**
   * The customer takes back a pending request for a colleague: `escalation.withdrawn` (its id
   * derives from the escalation, so a redelivery publishes the same event) and the paused graph
   * resumed with the withdrawal, which hands the conversation back to the assistant. Nothing to do
   * when nothing waits for a colleague (an admin answered first, or a redelivery after the resume).
   */
  async onWithdrawalRequest(event: EnvelopeOf<typeof WithdrawalRequested>): Promise<void> {
    const conversationId = event.conversationId;
    if (!conversationId) return;
    await this.lock.run(conversationId, async () => {
      const { values, pausedTurn, pausedEscalation } = await this.snapshot(conversationId);
      // Only the conversation's own customer may withdraw its request.
      if (!pausedTurn || !pausedEscalation || values.customerId !== event.payload.customerId)
        return;
      await this.publisher.publish(
        createEvent(
          EscalationWithdrawn,
          {
            escalationId: pausedEscalation,
            customerId: event.payload.customerId,
            requestId: event.payload.requestId,
          },
          {
            id: deterministicId('escalation.withdrawn', pausedEscalation),
            occurredAt: this.clock().toISOString(),
            conversationId,
            turnId: pausedTurn,
            causationId: event.id,
            correlationId: event.correlationId,
            ...inheritSynthetic(event),
          },
        ),
      );
      await this.graph.invoke(new Command({ resume: WITHDRAWAL }), this.config(conversationId));
    });
  }
}
