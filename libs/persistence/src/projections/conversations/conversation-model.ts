import type { CitationDto, ReplyKind, ReplyOptionDto, TurnOutcomeKind } from '@support/contracts';

/** Read model rows of the conversations projection (plain data; the ORM entities mirror them). */
export interface ConversationState {
  id: string;
  customerId: string;
  openedAt: string;
  lastActivityAt: string;
  messageCount: number;
  /** A human has the conversation (after force_escalate) until an answer or an admin reply. */
  humanActive: boolean;
  /** `occurredAt|eventId` of the event that last set humanActive: makes the flag order-independent. */
  humanStateVersion: string;
}

export type MessageRole = 'customer' | 'agent' | 'human';

export interface MessageState {
  id: string;
  conversationId: string;
  turnId: string | null;
  role: MessageRole;
  kind: 'message' | ReplyKind;
  text: string;
  citations: CitationDto[];
  /** A clarifying question's choices (a clarification reply); null for any other message. */
  options?: ReplyOptionDto[] | null;
  attachments: {
    attachmentId: string;
    fileName: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string;
  }[];
  occurredAt: string;
  eventId: string;
}

/** `open` until the turn's outcome is known. */
export type TurnStatus = 'open' | TurnOutcomeKind;

export interface TurnState {
  id: string;
  conversationId: string;
  customerMessageId: string | null;
  status: TurnStatus;
  escalationReason: string | null;
  startedAt: string | null;
  completedAt: string | null;
  /**
   * `occurredAt|eventId` of the `turn.outcome` the status and reason came from (the earliest
   * wins); '' until one arrived, while they are derived from the replies (`legacy-turn-outcome.ts`).
   */
  outcomeVersion: string;
}
