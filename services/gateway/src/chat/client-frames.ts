import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  CLIENT_MESSAGE_ID_MAX_CHARS,
  ContractViolation,
  OPTION_ID_MAX_CHARS,
  MESSAGE_MAX_CHARS,
  validatePlain,
} from '@support/contracts';
import { AppError } from '@support/platform/pure';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { type FrameBounds, parseWithinShape, readBoundedFrame } from '../frames/bounded-frame.js';
import { CONVERSATION_ID } from './conversation-ids.js';

export const CLIENT_MESSAGE_ID = new RegExp(`^[A-Za-z0-9_-]{1,${CLIENT_MESSAGE_ID_MAX_CHARS}}$`);

export class HelloFrame {
  @IsIn(['hello'])
  type!: 'hello';

  @IsOptional()
  @Matches(CONVERSATION_ID, {
    message: 'must be a lowercase UUID, spelled as the ready frame gave it',
  })
  conversationId?: string;

  /** Start a fresh conversation instead of resuming one (a request waiting for a colleague stays open). */
  @IsOptional()
  @IsBoolean()
  newConversation?: boolean;
}

/** Take back the pending request for a colleague and go back to the assistant. */
export class WithdrawFrame {
  @IsIn(['withdraw'])
  type!: 'withdraw';

  /** Optional: a resend with the same id is the same request. */
  @IsOptional()
  @Matches(CLIENT_MESSAGE_ID)
  clientMessageId?: string;
}

/** Length limits are checked by the session, so an oversize text gets `payload_too_large`. */
export class MessageFrame {
  @IsIn(['message'])
  type!: 'message';

  @Matches(CLIENT_MESSAGE_ID)
  clientMessageId!: string;

  @IsString()
  text!: string;

  /**
   * The option of an earlier reply this message chose (a clarifying question's button); `text`
   * is then the option's title, which is what the conversation shows.
   */
  @IsOptional()
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  @Matches(/^\S(?:.*\S)?$/u)
  optionId?: string;
}

export class AttachmentFrame {
  @IsIn(['attachment'])
  type!: 'attachment';

  @Matches(CLIENT_MESSAGE_ID)
  clientMessageId!: string;

  @IsString()
  @Length(1, ATTACHMENT_FILE_NAME_MAX_CHARS)
  fileName!: string;

  @IsIn(ATTACHMENT_MIME_TYPES)
  mimeType!: (typeof ATTACHMENT_MIME_TYPES)[number];

  @IsString()
  dataBase64!: string;

  @IsOptional()
  @IsString()
  text?: string;
}

export type ClientFrame = HelloFrame | MessageFrame | AttachmentFrame | WithdrawFrame;

const FRAME_CLASSES: Record<ClientFrame['type'], new () => ClientFrame> = {
  hello: HelloFrame,
  message: MessageFrame,
  attachment: AttachmentFrame,
  withdraw: WithdrawFrame,
};

/** Room for the keys, an id and punctuation around a frame's long fields. */
const FRAME_OVERHEAD_CHARS = 1024;
/** The most JSON text one character of a string can take (`\u0000`). */
const MAX_ESCAPED_CHARS = 6;

/**
 * What a customer frame may be before it is parsed: flat objects of a few keys, each type no longer
 * than its longest valid frame (every character of its text escaped, the photo in base64).
 */
export const CLIENT_FRAME_BOUNDS: FrameBounds = {
  maxDepth: 1,
  maxKeys: 8,
  maxCharsByType: {
    hello: FRAME_OVERHEAD_CHARS,
    withdraw: FRAME_OVERHEAD_CHARS,
    message: MESSAGE_MAX_CHARS * MAX_ESCAPED_CHARS + FRAME_OVERHEAD_CHARS,
    attachment:
      Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 +
      (MESSAGE_MAX_CHARS + ATTACHMENT_FILE_NAME_MAX_CHARS) * MAX_ESCAPED_CHARS +
      FRAME_OVERHEAD_CHARS,
  } satisfies Record<ClientFrame['type'], number>,
};

/**
 * Parses one WebSocket text frame within {@link CLIENT_FRAME_BOUNDS}; anything malformed is a
 * `bad_frame` naming the problem (`payload_too_large` past its type's size).
 */
export function parseClientFrame(raw: string): ClientFrame {
  const { type, plain } = readBoundedFrame(raw, CLIENT_FRAME_BOUNDS);
  try {
    return validatePlain(FRAME_CLASSES[type as ClientFrame['type']], plain, {
      prefix: '',
      eventType: null,
    });
  } catch (error) {
    if (error instanceof ContractViolation)
      throw new AppError('bad_frame', error.message.replace(/^Invalid value: /, ''));
    throw error;
  }
}

/**
 * The clientMessageId of a frame, if it has a readable one (for error frames of rejected input).
 * Read only from a frame of the allowed shape: a hostile frame is not parsed for its id.
 */
export function clientMessageIdOf(raw: string): string | undefined {
  const id = (parseWithinShape(raw, CLIENT_FRAME_BOUNDS) as { clientMessageId?: unknown } | null)
    ?.clientMessageId;
  return typeof id === 'string' && CLIENT_MESSAGE_ID.test(id) ? id : undefined;
}
