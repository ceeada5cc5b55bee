import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MIME_TYPES,
  CLIENT_MESSAGE_ID_MAX_CHARS,
  ContractViolation,
  validatePlain,
} from '@support/contracts';
import { AppError } from '@support/platform';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
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

const FRAME_CLASSES = {
  hello: HelloFrame,
  message: MessageFrame,
  attachment: AttachmentFrame,
  withdraw: WithdrawFrame,
} as const;

/** Parses one WebSocket text frame; anything malformed is a `bad_frame` naming the problem. */
export function parseClientFrame(raw: string): ClientFrame {
  let plain: unknown;
  try {
    plain = JSON.parse(raw);
  } catch {
    throw new AppError('bad_frame', 'Frame is not valid JSON');
  }
  const type = (plain as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(type in FRAME_CLASSES))
    throw new AppError('bad_frame', `Unknown frame type ${JSON.stringify(type ?? null)}`);
  try {
    const frameClass: new () => ClientFrame = FRAME_CLASSES[type as keyof typeof FRAME_CLASSES];
    return validatePlain(frameClass, plain, { prefix: '', eventType: null });
  } catch (error) {
    if (error instanceof ContractViolation)
      throw new AppError('bad_frame', error.message.replace(/^Invalid value: /, ''));
    throw error;
  }
}

/** The clientMessageId of a frame, if it has a readable one (for error frames of rejected input). */
export function clientMessageIdOf(raw: string): string | undefined {
  try {
    const id = (JSON.parse(raw) as { clientMessageId?: unknown }).clientMessageId;
    return typeof id === 'string' && CLIENT_MESSAGE_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
