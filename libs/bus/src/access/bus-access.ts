import {
  AdminReplied,
  CustomerForgotten,
  DeadLetterRedriven,
  DeliveryUpdated,
  DocumentIndexed,
  DocumentQuarantined,
  DocumentUpserted,
  DraftCreated,
  DraftDiscarded,
  DraftPublished,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  ClarificationOffered,
  ClarificationChosen,
  type EventDefinition,
  MessageReceived,
  RerankCompleted,
  RerankRequested,
  ReplyDelivered,
  ReplyFailed,
  ReplySent,
  RetrievalCompleted,
  RetrievalRequested,
  ThreadOpened,
  TurnOutcome,
  WhatsAppMessageAccepted,
  WithdrawalRequested,
} from '@support/contracts';
import type { ServiceName } from '@support/platform/pure';

/** What one service may do on the bus; everything else is refused by the NATS server. */
export interface BusAccess {
  /** Event types it publishes (every service also publishes `deadletter.recorded`). */
  readonly publishes: readonly EventDefinition[];
  /**
   * Durable consumers shared by its replicas, by name prefix: `consumerName(prefix, event)` for
   * each event listed under the prefix.
   */
  readonly consumes: Readonly<Record<string, readonly EventDefinition[]>>;
  /**
   * Consumers of one replica each, named after the pod (`<service>-<instance>__<event>`): their
   * names are not known in advance, so the permission names the event's subject, not the consumer.
   */
  readonly consumesPerInstance?: readonly EventDefinition[];
  /** Reads single events from the stream by sequence (the gateway checks what caused a reply). */
  readonly readsEvents?: boolean;
}

/** The user of the CLI and of operators (`ingest`, `replay`, backups): every subject. */
export const OPS_USER = 'ops';

export type BusUser = ServiceName | typeof OPS_USER;

/** Events only operators publish, through the CLI (`ingest`, `deadletters redrive`). */
export const OPS_PUBLISHES: readonly EventDefinition[] = [
  DocumentUpserted,
  DeadLetterRedriven,
  CustomerForgotten,
];

/**
 * Who publishes and consumes what: the one table the NATS server's users and permissions are
 * generated from (`natsAuthorization`; `natsHelmValues`, deploy/helm/nats/users.values.yaml). A new event type is one line here,
 * under the service that publishes it and those that consume it.
 */
export const BUS_ACCESS: Readonly<Record<ServiceName, BusAccess>> = {
  gateway: {
    publishes: [
      MessageReceived,
      AdminReplied,
      EscalationClaimed,
      EscalationClaimReleased,
      WithdrawalRequested,
      // Knowledge gaps: drafts and the articles admins publish from the console.
      DraftCreated,
      DraftPublished,
      DraftDiscarded,
      DocumentUpserted,
      // The admin console's "forget this customer".
      CustomerForgotten,
    ],
    consumes: {
      'projection-conversations': [
        MessageReceived,
        CustomerForgotten,
        ReplySent,
        EscalationRaised,
        WithdrawalRequested,
        EscalationWithdrawn,
        TurnOutcome,
      ],
      'projection-escalations': [
        EscalationRaised,
        ThreadOpened,
        AdminReplied,
        EscalationClassified,
        EscalationClaimed,
        EscalationClaimReleased,
        EscalationWithdrawn,
      ],
      'projection-turn_traces': [
        MessageReceived,
        RetrievalRequested,
        RetrievalCompleted,
        RerankRequested,
        RerankCompleted,
        ReplySent,
        EscalationRaised,
        ClarificationOffered,
        ClarificationChosen,
        TurnOutcome,
      ],
      'projection-clarifications': [ClarificationOffered, ClarificationChosen],
      'projection-knowledge': [DraftCreated, DraftPublished, DraftDiscarded, DocumentUpserted],
    },
    consumesPerInstance: [
      ReplySent,
      EscalationRaised,
      MessageReceived,
      AdminReplied,
      EscalationClassified,
      EscalationClaimed,
      EscalationClaimReleased,
      EscalationWithdrawn,
    ],
    readsEvents: true,
  },
  agent: {
    publishes: [
      RetrievalRequested,
      ReplySent,
      EscalationRaised,
      EscalationWithdrawn,
      ClarificationOffered,
      ClarificationChosen,
      TurnOutcome,
    ],
    // CustomerForgotten: the customer's checkpoints and order records are deleted.
    consumes: { agent: [MessageReceived, AdminReplied, WithdrawalRequested, CustomerForgotten] },
    consumesPerInstance: [RetrievalCompleted],
  },
  retrieval: {
    publishes: [RerankRequested, RetrievalCompleted, DocumentIndexed, DocumentQuarantined],
    consumes: { retrieval: [RetrievalRequested, DocumentUpserted] },
    // DocumentUpserted: each process replays the glossary documents into memory (GlossaryStore).
    consumesPerInstance: [RerankCompleted, DocumentUpserted],
  },
  'reranker-proxy': {
    publishes: [RerankCompleted],
    consumes: { 'reranker-proxy': [RerankRequested] },
  },
  escalation: {
    // Drafts and articles too: Slack's "Add to knowledge base" shortcut.
    publishes: [ThreadOpened, AdminReplied, DraftCreated, DraftPublished, DocumentUpserted],
    consumes: {
      escalation: [
        EscalationRaised,
        MessageReceived,
        AdminReplied,
        EscalationClaimed,
        EscalationClaimReleased,
        EscalationWithdrawn,
        // What became of a reply on the customer's channel (a template, a refusal): told in the thread.
        ReplyDelivered,
        ReplyFailed,
        // The customer's words are deleted from their handoff threads.
        CustomerForgotten,
      ],
    },
  },
  classifier: {
    publishes: [EscalationClassified],
    consumes: { classifier: [EscalationRaised] },
  },
  whatsapp: {
    // Accepted from the webhook, then read into the customer's message; the replies it delivered.
    publishes: [
      WhatsAppMessageAccepted,
      MessageReceived,
      DeliveryUpdated,
      ReplyDelivered,
      ReplyFailed,
    ],
    // CustomerForgotten: the number and what hangs off it are deleted.
    consumes: {
      whatsapp: [WhatsAppMessageAccepted, ReplySent, DeliveryUpdated, CustomerForgotten],
    },
  },
};
