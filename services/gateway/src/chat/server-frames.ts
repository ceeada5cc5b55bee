import type { CitationDto, ReplyKind, ReplyOptionDto } from '@support/contracts';
import type { ErrorCode } from '@support/platform/pure';

export interface HistoryEntry {
  /** The message id of a customer's message, the reply id of a reply. */
  id: string;
  turnId: string | null;
  role: 'customer' | 'agent' | 'human';
  kind: string;
  text: string;
  at: string;
  citations: CitationDto[];
  /** A clarifying question's choices; the page closes them once a later message answered it. */
  options?: ReplyOptionDto[];
}

export type ServerFrame =
  | {
      type: 'ready';
      conversationId: string;
      customerId: string;
      resumed: boolean;
      humanActive: boolean;
      /** `waiting`: a colleague was asked for and has not replied; `joined`: one has replied. */
      handoff: 'waiting' | 'joined' | null;
      history: HistoryEntry[];
    }
  | { type: 'ack'; clientMessageId: string; messageId: string; turnId: string }
  | { type: 'typing'; active: boolean }
  | {
      type: 'reply';
      turnId: string | null;
      replyId: string;
      kind: ReplyKind;
      text: string;
      citations: CitationDto[];
      /** A clarifying question's choices: buttons whose id goes back as `message.optionId`. */
      options?: ReplyOptionDto[];
      at: string;
    }
  | { type: 'handed_to_human'; reason: string; at: string }
  /** The customer withdrew the request: the assistant has the conversation again. */
  | { type: 'handed_back'; at: string }
  | {
      type: 'error';
      code: ErrorCode;
      message: string;
      retryable: boolean;
      clientMessageId?: string;
      /** `rate_limited`: how long to wait before sending the frame again. */
      retryAfterMs?: number;
    };
