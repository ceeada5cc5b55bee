import type { EventDefinition } from './event-definition.js';
import { AdminReplied } from './events/escalation/admin-replied.event.js';
import { EscalationClassified } from './events/escalation/escalation-classified.event.js';
import { EscalationClaimed } from './events/escalation/escalation-claimed.event.js';
import { EscalationClaimReleased } from './events/escalation/escalation-claim-released.event.js';
import { EscalationRaised } from './events/escalation/escalation-raised.event.js';
import { ThreadOpened } from './events/escalation/thread-opened.event.js';
import { DeadLettered } from './events/deadletter/dead-lettered.event.js';
import { DeadLetterRedriven } from './events/deadletter/dead-letter-redriven.event.js';
import { DocumentIndexed } from './events/kb/document-indexed.event.js';
import { DocumentQuarantined } from './events/kb/document-quarantined.event.js';
import { DocumentUpserted } from './events/kb/document-upserted.event.js';
import { DraftCreated } from './events/kb/draft-created.event.js';
import { DraftDiscarded } from './events/kb/draft-discarded.event.js';
import { DraftPublished } from './events/kb/draft-published.event.js';
import { MessageReceived } from './events/conversation/message-received.event.js';
import { WithdrawalRequested } from './events/conversation/withdrawal-requested.event.js';
import { EscalationWithdrawn } from './events/escalation/escalation-withdrawn.event.js';
import { ClarificationChosen } from './events/clarification/clarification-chosen.event.js';
import { ClarificationOffered } from './events/clarification/clarification-offered.event.js';
import { ReplySent } from './events/agent/reply-sent.event.js';
import { TurnOutcome } from './events/turn/turn-outcome.event.js';
import { RerankCompleted } from './events/rerank/rerank-completed.event.js';
import { RerankRequested } from './events/rerank/rerank-requested.event.js';
import { RetrievalCompleted } from './events/retrieval/retrieval-completed.event.js';
import { RetrievalRequested } from './events/retrieval/retrieval-requested.event.js';
import { WhatsAppMessageAccepted } from './events/whatsapp/message-accepted.event.js';
import { ReplyDelivered } from './events/channel/reply-delivered.event.js';
import { ReplyFailed } from './events/channel/reply-failed.event.js';
import { DeliveryUpdated } from './events/channel/delivery-updated.event.js';
import { CustomerForgotten } from './events/customer/customer-forgotten.event.js';

/** Every event type of the design, in the order a turn produces them. */
export const ALL_EVENTS = [
  WhatsAppMessageAccepted,
  MessageReceived,
  RetrievalRequested,
  RerankRequested,
  RerankCompleted,
  RetrievalCompleted,
  ReplySent,
  ClarificationOffered,
  ClarificationChosen,
  ReplyDelivered,
  ReplyFailed,
  DeliveryUpdated,
  EscalationRaised,
  TurnOutcome,
  ThreadOpened,
  AdminReplied,
  EscalationClassified,
  WithdrawalRequested,
  EscalationWithdrawn,
  EscalationClaimed,
  EscalationClaimReleased,
  DocumentUpserted,
  DocumentIndexed,
  DocumentQuarantined,
  DraftCreated,
  DraftPublished,
  DraftDiscarded,
  DeadLettered,
  DeadLetterRedriven,
  CustomerForgotten,
] as const;

export type KnownEventDefinition = (typeof ALL_EVENTS)[number];
export type KnownEventType = KnownEventDefinition['type'];

export class EventRegistry {
  private readonly byTypeMap = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.byTypeMap.has(definition.type))
        throw new Error(`Event type ${definition.type} is defined twice`);
      this.byTypeMap.set(definition.type, definition);
    }
  }

  get(type: string): EventDefinition | undefined {
    return this.byTypeMap.get(type);
  }

  all(): EventDefinition[] {
    return [...this.byTypeMap.values()];
  }
}

export const eventRegistry = new EventRegistry(ALL_EVENTS);
