import type { CitationDto, ReplyKind, ReplyOptionDto } from '@support/contracts';

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

export type TurnStatus = 'open' | 'answered' | 'escalated' | 'held' | 'clarified';

export interface TurnState {
  id: string;
  conversationId: string;
  customerMessageId: string | null;
  status: TurnStatus;
  escalationReason: string | null;
  startedAt: string | null;
  completedAt: string | null;
}
