import { Command } from '@langchain/langgraph';
import { deterministicId, type EventPublisher } from '@support/bus';
import {
  AdminReplied,
  createEvent,
  type EnvelopeOf,
  type Language,
  MessageReceived,
  ReplySent,
} from '@support/contracts';
import { HOLDING, textFor } from '../graph/abstention.js';
import type { TurnContext } from '../graph/agent-ports.js';
import { type AgentGraph, newTurnInput } from '../graph/agent-graph.js';
import type { AgentStateValue } from '../graph/agent-state.js';
import type { BusAgentPorts } from './bus-agent-ports.js';
import { checkpointThreadOf } from './checkpoint-thread.js';
import type { ConversationLock } from './conversation-lock.js';

/**
 * Drives one graph thread per conversation from the bus: a customer message starts a turn (or,
 * while a human has the conversation, gets the holding note); an admin's reply goes to the customer
 * verbatim and resumes the paused graph. Redelivered events change nothing: turns are recorded on
 * the thread and every published id derives from the turn.
 */
export class AgentConversations {
  constructor(
    private readonly graph: AgentGraph,
    private readonly ports: BusAgentPorts,
    private readonly publisher: EventPublisher,
    private readonly lock: ConversationLock,
    private readonly detectLanguage: (text: string) => Language,
    private readonly clock: () => Date,
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
    const paused = snapshot.tasks.some((task) => task.interrupts.length > 0);
    return { values: snapshot.values as Partial<AgentStateValue>, next: snapshot.next, paused };
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
    const text = p.text.trim() || (p.attachments.length ? '(photo)' : '');
    const turn: TurnContext = {
      customerId: p.customerId,
      conversationId,
      turnId,
      causeEventId: event.id,
      language: this.detectLanguage(text),
      question: text,
      ...(p.kbNamespace ? { namespace: p.kbNamespace } : {}),
    };
    await this.lock.run(conversationId, async () => {
      const { values, next, paused } = await this.snapshot(conversationId);
      if (values.turnIds?.includes(turnId)) {
        // Seen before: finish it if a crash stopped it mid-run, otherwise there is nothing to do.
        if (next.length > 0 && !paused) await this.graph.invoke(null, this.config(conversationId));
        return;
      }
      if (paused) {
        await this.ports.sendReply(turn, {
          kind: 'holding',
          text: textFor(HOLDING, values.language ?? turn.language),
          citations: [],
        });
        return;
      }
      const images = p.attachments.map(({ mimeType, dataBase64 }) => ({ mimeType, dataBase64 }));
      await this.graph.invoke(newTurnInput({ ...turn, text, images }), this.config(conversationId));
    });
  }

  async onAdminReply(event: EnvelopeOf<typeof AdminReplied>): Promise<void> {
    const conversationId = event.conversationId;
    if (!conversationId) return;
    await this.lock.run(conversationId, async () => {
      const { values, paused } = await this.snapshot(conversationId);
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
            text: event.payload.text,
            language: values.language ?? this.detectLanguage(event.payload.text),
            citations: [],
          },
          {
            id: deterministicId('human-reply', event.payload.provider, event.payload.externalId),
            occurredAt: this.clock().toISOString(),
            conversationId,
            turnId: values.turnId ?? null,
            causationId: event.id,
            correlationId: event.correlationId,
          },
        ),
      );
      if (paused)
        await this.graph.invoke(
          new Command({ resume: event.payload.text }),
          this.config(conversationId),
        );
    });
  }
}
