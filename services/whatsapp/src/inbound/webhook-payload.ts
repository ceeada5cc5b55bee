import {
  OPTION_ID_MAX_CHARS,
  OPTION_TITLE_MAX_CHARS,
  PROVIDER_MESSAGE_ID_MAX_CHARS,
} from '@support/contracts';
import { webhookErrorOf } from '../graph/graph-errors.js';
import type {
  WebhookBody,
  WireChangeValue,
  WireInboundMessage,
  WireStatus,
  WireWebhookEntry,
} from '../graph/graph-wire.js';

/** What a customer's message holds, as far as the assistant reads it. */
export type MessageContent =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'image';
      readonly mediaId: string;
      readonly mimeType: string;
      readonly caption?: string;
    }
  | { readonly kind: 'choice'; readonly optionId: string; readonly title: string }
  | { readonly kind: 'unsupported'; readonly type: string };

export interface InboundMessage {
  readonly phoneNumberId: string;
  /** The customer's WhatsApp id (their number, digits only). */
  readonly waId: string;
  readonly providerMessageId: string;
  readonly sentAt: string;
  readonly content: MessageContent;
}

export interface InboundStatus {
  readonly phoneNumberId: string;
  readonly providerMessageId: string;
  readonly status: 'sent' | 'delivered' | 'read' | 'failed' | 'played';
  readonly at: string;
  readonly recipientWaId: string | null;
  readonly errors: readonly { code: string; title: string; details?: string }[];
}

/** Everything one webhook delivery holds: every entry, every change, every item, in order. */
export interface WebhookBatch {
  readonly messages: readonly InboundMessage[];
  readonly statuses: readonly InboundStatus[];
  /** Items Meta sent that carry nothing to act on (reactions, system notices, other fields). */
  readonly ignored: number;
  /** Items too broken to read (a message without an id…): counted and logged, never fatal. */
  readonly malformed: readonly string[];
}

/** Message types that need no answer: a reaction to a message, WhatsApp's own notices. */
const SILENT_TYPES = new Set(['reaction', 'system', 'request_welcome']);
const STATUSES = new Set(['sent', 'delivered', 'read', 'failed', 'played']);
const WA_ID = /^\d{6,20}$/;

/**
 * Reads a signed webhook body as Meta documents it (the `messages` field of a
 * `whatsapp_business_account`): batched entries and changes are read whole, and one broken item
 * does not hide the others.
 */
export function readWebhookBatch(body: WebhookBody): WebhookBatch {
  const messages: InboundMessage[] = [];
  const statuses: InboundStatus[] = [];
  const malformed: string[] = [];
  let ignored = 0;
  if (body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry))
    return { messages, statuses, ignored, malformed: ['not a whatsapp_business_account delivery'] };
  for (const entry of body.entry as WireWebhookEntry[]) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      if (change?.field !== 'messages' || !change.value) {
        ignored += 1;
        continue;
      }
      const value: WireChangeValue = change.value;
      const phoneNumberId = value.metadata?.phone_number_id;
      if (typeof phoneNumberId !== 'string' || phoneNumberId === '') {
        malformed.push('a change without metadata.phone_number_id');
        continue;
      }
      for (const message of arrayOf(value.messages)) {
        const read = readMessage(phoneNumberId, message);
        if (read === 'silent') ignored += 1;
        else if (typeof read === 'string') malformed.push(read);
        else messages.push(read);
      }
      for (const status of arrayOf(value.statuses)) {
        const read = readStatus(phoneNumberId, status);
        if (typeof read === 'string') malformed.push(read);
        else statuses.push(read);
      }
      ignored += arrayOf(value.errors).length;
    }
  }
  return { messages, statuses, ignored, malformed };
}

function readMessage(
  phoneNumberId: string,
  message: WireInboundMessage,
): InboundMessage | 'silent' | string {
  const id = message?.id;
  if (!isId(id)) return 'a message without a usable id';
  if (typeof message.from !== 'string' || !WA_ID.test(message.from))
    return `message ${id}: "from" is not a WhatsApp id`;
  const sentAt = timeOf(message.timestamp);
  if (!sentAt) return `message ${id}: no timestamp`;
  const type = typeof message.type === 'string' ? message.type : 'unknown';
  if (SILENT_TYPES.has(type)) return 'silent';
  return {
    phoneNumberId,
    waId: message.from,
    providerMessageId: id,
    sentAt,
    content: contentOf(type, message),
  };
}

function contentOf(type: string, message: WireInboundMessage): MessageContent {
  const unsupported = { kind: 'unsupported', type: type.slice(0, 64) || 'unknown' } as const;
  switch (type) {
    case 'text':
      return typeof message.text?.body === 'string'
        ? { kind: 'text', text: message.text.body }
        : unsupported;
    case 'image': {
      const image = message.image;
      if (!isId(image?.id) || typeof image.mime_type !== 'string' || image.mime_type === '')
        return unsupported;
      return {
        kind: 'image',
        mediaId: image.id,
        mimeType: image.mime_type.slice(0, 128),
        ...(typeof image.caption === 'string' && image.caption !== ''
          ? { caption: image.caption }
          : {}),
      };
    }
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      if (
        typeof reply?.id !== 'string' ||
        reply.id === '' ||
        reply.id.length > OPTION_ID_MAX_CHARS ||
        typeof reply.title !== 'string' ||
        reply.title === ''
      )
        return unsupported;
      return {
        kind: 'choice',
        optionId: reply.id,
        title: reply.title.slice(0, OPTION_TITLE_MAX_CHARS),
      };
    }
    case 'button':
      // A template's quick-reply button: its label is what the customer said.
      return typeof message.button?.text === 'string' && message.button.text !== ''
        ? { kind: 'text', text: message.button.text }
        : unsupported;
    default:
      return unsupported;
  }
}

function readStatus(phoneNumberId: string, status: WireStatus): InboundStatus | string {
  if (!isId(status?.id)) return 'a status without a usable message id';
  if (typeof status.status !== 'string' || !STATUSES.has(status.status))
    return `status of ${status.id}: unknown status "${String(status.status)}"`;
  const at = timeOf(status.timestamp);
  if (!at) return `status of ${status.id}: no timestamp`;
  return {
    phoneNumberId,
    providerMessageId: status.id,
    status: status.status as InboundStatus['status'],
    at,
    recipientWaId:
      typeof status.recipient_id === 'string' && WA_ID.test(status.recipient_id)
        ? status.recipient_id
        : null,
    errors: arrayOf(status.errors).slice(0, 10).map(webhookErrorOf),
  };
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= PROVIDER_MESSAGE_ID_MAX_CHARS;
}

/** Meta's timestamps are Unix seconds, as a string of digits. */
function timeOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const seconds = Number(value);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) return null;
  return new Date(seconds * 1000).toISOString();
}

function arrayOf<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}
