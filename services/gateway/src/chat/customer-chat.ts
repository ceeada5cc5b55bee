import { type PersonalData, sealCustomerMessage } from '@support/privacy';
import { createHash } from 'node:crypto';
import { deterministicId, newEventId } from '@support/bus/pure';
import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentDto,
  createEvent,
  type EventEnvelope,
  MESSAGE_MAX_CHARS,
  MessageReceived,
  WithdrawalRequested,
} from '@support/contracts';
import {
  type ConversationReader,
  type ConversationState,
  type MessageState,
  RateLimitedError,
  type RateLimits,
} from '@support/persistence';
import {
  AppError,
  type Clock,
  codeOf,
  ERROR_POLICY,
  type ErrorCode,
  publicMessageOf,
} from '@support/platform/pure';
import { checkImage, ImageRefused } from '@support/media';
import {
  type AttachmentFrame,
  clientMessageIdOf,
  type HelloFrame,
  type MessageFrame,
  parseClientFrame,
  type WithdrawFrame,
} from './client-frames.js';
import type { ConversationIdIssuer } from './conversation-ids.js';
import { requirePlainText } from './plain-text.js';
import type { HistoryEntry, ServerFrame } from './server-frames.js';

export interface EventSink {
  publish(event: EventEnvelope): Promise<unknown>;
}

/** What the gateway knows about one connected customer. */
export interface ChatSession {
  readonly customerId: string;
  conversationId: string | null;
  /** Replies the last `ready.history` showed: live delivery skips them. */
  repliesInHistory: string[];
}

/** A conversation idle for longer than this is not resumed unless the client names it. */
const RESUME_WINDOW_MS = 24 * 3600_000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Frames the customer's client got wrong: each one is counted against the customer's messages. */
const REFUSED_INPUT: ReadonlySet<ErrorCode> = new Set(['bad_frame', 'payload_too_large']);

function toHistory(message: MessageState): HistoryEntry {
  return {
    id: message.id,
    turnId: message.turnId,
    role: message.role,
    kind: message.kind,
    text: message.text,
    at: message.occurredAt,
    citations: message.citations,
    ...(message.options ? { options: message.options } : {}),
  };
}

/**
 * The customer side of the chat: who may resume what, message limits, and turning an accepted
 * message into a `conversation.message_received` event. Transport-free: the socket server only
 * passes text frames in and sends the returned frames out.
 */
export class CustomerChat {
  constructor(
    private readonly reader: ConversationReader,
    private readonly events: EventSink,
    private readonly clock: Clock,
    /** Per customer across sockets and gateway replicas: messages and hello frames. */
    private readonly limits: RateLimits,
    private readonly conversationIds: ConversationIdIssuer,
    /** Seals what the customer sends before it reaches the log. */
    private readonly personalData: PersonalData,
  ) {}

  openSession(customerId: string): ChatSession {
    return {
      customerId,
      conversationId: null,
      repliesInHistory: [],
    };
  }

  /**
   * Handles one raw frame; every failure becomes an error frame, nothing is thrown at the socket. A
   * refused frame costs the customer a message token, as a message would: invalid frames cannot
   * flood the gateway, and once the customer's bucket is empty they are refused as `rate_limited`
   * without a round trip.
   */
  async handle(session: ChatSession, raw: string): Promise<ServerFrame[]> {
    try {
      const frame = parseClientFrame(raw);
      switch (frame.type) {
        case 'hello':
          return [await this.hello(session, frame)];
        case 'message':
          return await this.message(session, frame);
        case 'attachment':
          return await this.attachment(session, frame);
        case 'withdraw':
          return await this.withdraw(session, frame);
      }
    } catch (error) {
      return [await this.refusal(session, error, clientMessageIdOf(raw))];
    }
  }

  /** A binary frame: the protocol is JSON text, so it is refused (and counted) like any bad frame. */
  async handleBinary(session: ChatSession): Promise<ServerFrame[]> {
    const error = new AppError('bad_frame', 'Binary frames are not accepted; send JSON text');
    return [await this.refusal(session, error)];
  }

  private async refusal(
    session: ChatSession,
    error: unknown,
    clientMessageId?: string,
  ): Promise<ServerFrame> {
    if (REFUSED_INPUT.has(codeOf(error))) {
      try {
        await this.limits.take(session.customerId, 'message');
      } catch (limit) {
        return errorFrame(limit, clientMessageId);
      }
    }
    return errorFrame(error, clientMessageId);
  }

  async hello(session: ChatSession, frame: HelloFrame): Promise<ServerFrame> {
    const { customerId } = session;
    await this.limits.take(customerId, 'hello');
    if (frame.newConversation) {
      if (frame.conversationId)
        throw new AppError('bad_frame', 'Name a conversation or ask for a new one, not both');
      // The old conversation is left as it is: a request waiting for a colleague stays open there.
      session.conversationId = this.conversationIds.issue(customerId);
      session.repliesInHistory = [];
      return {
        type: 'ready',
        conversationId: session.conversationId,
        customerId,
        resumed: false,
        humanActive: false,
        handoff: null,
        history: [],
      };
    }
    const requested = frame.conversationId;
    const named = requested ? await this.ownConversation(customerId, requested) : null;
    // A named id that is not in the projection yet is the customer's own pending conversation (its
    // first message may be acked and not projected yet) only if it was issued to this customer:
    // anyone else naming it would be attached to the owner's replies.
    const pending =
      !named && requested && this.conversationIds.issuedTo(requested, customerId)
        ? requested
        : null;
    const conversation = named ?? (pending ? null : await this.openConversationOf(customerId));
    session.conversationId = conversation?.id ?? pending ?? this.conversationIds.issue(customerId);
    const history = conversation ? (await this.reader.history(conversation.id)).map(toHistory) : [];
    session.repliesInHistory = history.filter((h) => h.role !== 'customer').map((h) => h.id);
    return {
      type: 'ready',
      conversationId: session.conversationId,
      customerId: session.customerId,
      resumed: conversation !== null,
      humanActive: conversation?.humanActive ?? false,
      handoff: handoffOf(conversation?.humanActive ?? false, history),
      history,
    };
  }

  /** The named conversation if it is stored; someone else's is refused. */
  private async ownConversation(
    customerId: string,
    requested: string,
  ): Promise<ConversationState | null> {
    // One read: two (owned? exists?) could straddle the projection creating the customer's own row.
    const found = await this.reader.find(requested);
    if (found && found.customerId !== customerId)
      throw new AppError('forbidden', 'That conversation is not yours');
    return found;
  }

  /** The customer's conversation to resume when none is named: recent, or with a human. */
  private async openConversationOf(customerId: string): Promise<ConversationState | null> {
    const latest = await this.reader.latestOf(customerId);
    if (!latest) return null;
    const idleMs = this.clock.now().getTime() - Date.parse(latest.lastActivityAt);
    return latest.humanActive || idleMs < RESUME_WINDOW_MS ? latest : null;
  }

  async message(session: ChatSession, frame: MessageFrame): Promise<ServerFrame[]> {
    requirePlainText('text', frame.text, 'multiline');
    const text = frame.text.trim();
    if (!text) throw new AppError('bad_frame', 'text must not be empty');
    if (text.length > MESSAGE_MAX_CHARS)
      throw new AppError(
        'payload_too_large',
        `text is ${text.length} characters; the limit is ${MESSAGE_MAX_CHARS}`,
      );
    return this.accept(
      session,
      frame.clientMessageId,
      text,
      [],
      frame.optionId ? { optionId: frame.optionId } : undefined,
    );
  }

  async attachment(session: ChatSession, frame: AttachmentFrame): Promise<ServerFrame[]> {
    requirePlainText('text', frame.text ?? '', 'multiline');
    requirePlainText('fileName', frame.fileName, 'singleLine');
    const caption = (frame.text ?? '').trim();
    if (caption.length > MESSAGE_MAX_CHARS)
      throw new AppError(
        'payload_too_large',
        `text is ${caption.length} characters; the limit is ${MESSAGE_MAX_CHARS}`,
      );
    if (!BASE64.test(frame.dataBase64) || frame.dataBase64.length % 4 !== 0)
      throw new AppError('bad_frame', 'dataBase64 must be base64');
    const bytes = Buffer.from(frame.dataBase64, 'base64');
    if (bytes.length === 0) throw new AppError('bad_frame', 'attachment is empty');
    if (bytes.length > ATTACHMENT_MAX_BYTES)
      throw new AppError(
        'payload_too_large',
        `attachment is ${bytes.length} bytes; the limit is ${ATTACHMENT_MAX_BYTES}`,
      );
    // The model is shown the bytes as the declared type: anything else is not a photo.
    await checkImage(bytes, frame.mimeType).catch((error: unknown) => {
      throw error instanceof ImageRefused ? new AppError('bad_frame', error.message) : error;
    });
    const attachment: AttachmentDto = {
      attachmentId: deterministicId('attachment', session.customerId, frame.clientMessageId),
      mimeType: frame.mimeType,
      fileName: frame.fileName,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      dataBase64: frame.dataBase64,
    };
    return this.accept(session, frame.clientMessageId, caption, [attachment]);
  }

  /**
   * Asks the agent to take back the conversation's pending request for a colleague. Whether one
   * is pending is the agent's to decide (its graph holds the pause): the customer learns the
   * outcome from a `handed_back` frame.
   */
  async withdraw(session: ChatSession, frame: WithdrawFrame): Promise<ServerFrame[]> {
    if (!session.conversationId) throw new AppError('bad_frame', 'Send a hello frame first');
    await this.limits.take(session.customerId, 'message');
    const key = frame.clientMessageId
      ? [session.customerId, session.conversationId, frame.clientMessageId]
      : [newEventId()];
    const requestId = deterministicId('withdrawal', ...key);
    await this.events.publish(
      createEvent(
        WithdrawalRequested,
        { requestId, customerId: session.customerId },
        {
          id: deterministicId('withdrawal_requested', ...key),
          occurredAt: this.clock.now().toISOString(),
          conversationId: session.conversationId,
          turnId: null,
          causationId: null,
          correlationId: requestId,
        },
      ),
    );
    return [];
  }

  private async accept(
    session: ChatSession,
    clientMessageId: string,
    text: string,
    attachments: AttachmentDto[],
    choice?: { optionId: string },
  ): Promise<ServerFrame[]> {
    if (!session.conversationId) throw new AppError('bad_frame', 'Send a hello frame first');
    await this.limits.take(session.customerId, 'message');

    // Ids derive from the client's message id: a resend after a lost ack is the same event,
    // which the stream deduplicates, not a second message.
    const key = [session.customerId, session.conversationId, clientMessageId] as const;
    const messageId = deterministicId('message', ...key);
    const turnId = deterministicId('turn', ...key);
    const sealed = await sealCustomerMessage(this.personalData, session.customerId, {
      text,
      attachments,
    });
    const event = createEvent(
      MessageReceived,
      {
        messageId,
        customerId: session.customerId,
        ...sealed,
        channel: 'web',
        clientMessageId,
        ...(choice ? { choice } : {}),
      },
      {
        id: deterministicId('message_received', ...key),
        occurredAt: this.clock.now().toISOString(),
        conversationId: session.conversationId,
        turnId,
        causationId: null,
        correlationId: turnId,
      },
    );
    await this.events.publish(event);
    return [
      { type: 'ack', clientMessageId, messageId, turnId },
      { type: 'typing', active: true },
    ];
  }
}

/** Waiting for a colleague, or a colleague's reply is the last word (until the assistant answers). */
function handoffOf(humanActive: boolean, history: HistoryEntry[]): 'waiting' | 'joined' | null {
  if (humanActive) return 'waiting';
  const lastReply = history.filter((h) => h.role !== 'customer').at(-1);
  return lastReply?.kind === 'human' ? 'joined' : null;
}

export function errorFrame(error: unknown, clientMessageId?: string): ServerFrame {
  const code = codeOf(error);
  return {
    type: 'error',
    code,
    message: publicMessageOf(error),
    retryable: ERROR_POLICY[code].retryable,
    ...(clientMessageId ? { clientMessageId } : {}),
    ...(error instanceof RateLimitedError ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}
