/**
 * Webhook payloads as Meta sends them, built from Meta's own published examples; the shape of each
 * is Meta's, only the ids and texts are the test's. Sources:
 * - text: the example of developers.facebook.com/documentation/business-messaging/whatsapp/
 *   webhooks/reference/messages ("Does it come in another color?", WABA 102290129340398, phone
 *   number id 106540352242922, wa_id 16505551234) and Meta's SDK types
 *   (github.com/WhatsApp/WhatsApp-Nodejs-SDK, src/types/webhooks.ts: MessagesObject);
 * - image: the SDK's ImageObject (`caption`, `sha256`, `id`, `mime_type`) in the same envelope;
 * - interactive: the SDK's ButtonReplyObject (`button_reply: { id, title }`) with `context`,
 *   as the reply-buttons page (…/whatsapp/messages/interactive-reply-buttons-messages) describes;
 * - audio (any type the assistant cannot read): the SDK's AudioObject;
 * - statuses: …/webhooks/reference/messages/status and the SDK's StatusesObject, a `failed` one
 *   with `errors: [{ code, title, message, error_data: { details } }]` as the error-codes page
 *   shows webhook errors.
 */

/** The business number of Meta's examples. */
export const EXAMPLE_BUSINESS = {
  wabaId: '102290129340398',
  displayPhoneNumber: '15550783881',
  phoneNumberId: '106540352242922',
} as const;

/**
 * A message id as Meta makes them: `wamid.` and base64 of a record holding the customer's number
 * and a message id (Meta's example `wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA`
 * is 16505076520 and 9A3CA5B3D4CD6E67E7), so a test can look for the number in what leaves.
 */
export function metaMessageId(phone: string, unique: string): string {
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, phone.length]),
    Buffer.from(phone),
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, unique.length]),
    Buffer.from(unique),
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

export interface InboundOptions {
  readonly from: string;
  readonly id: string;
  /** Unix seconds (Meta sends a string of digits). */
  readonly timestamp: number;
  readonly name?: string;
}

type Json = Record<string, unknown>;

/** One delivery holding `changes` (several changes, or several entries, batch them as Meta does). */
export function webhookDelivery(...changes: Json[][]): Json {
  return {
    object: 'whatsapp_business_account',
    entry: changes.map((entryChanges) => ({ id: EXAMPLE_BUSINESS.wabaId, changes: entryChanges })),
  };
}

/** One `messages` change with these messages from one customer. */
export function messagesChange(options: InboundOptions, ...messages: Json[]): Json {
  return {
    value: {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: EXAMPLE_BUSINESS.displayPhoneNumber,
        phone_number_id: EXAMPLE_BUSINESS.phoneNumberId,
      },
      contacts: [{ profile: { name: options.name ?? 'Sheena Nelson' }, wa_id: options.from }],
      messages,
    },
    field: 'messages',
  };
}

function envelope(options: InboundOptions, type: string, content: Json): Json {
  return {
    from: options.from,
    id: options.id,
    timestamp: String(options.timestamp),
    type,
    ...content,
  };
}

export const textMessage = (options: InboundOptions, body: string): Json =>
  envelope(options, 'text', { text: { body } });

export const imageMessage = (
  options: InboundOptions,
  image: { id: string; mimeType: string; sha256: string; caption?: string },
): Json =>
  envelope(options, 'image', {
    image: {
      ...(image.caption ? { caption: image.caption } : {}),
      mime_type: image.mimeType,
      sha256: image.sha256,
      id: image.id,
    },
  });

export const buttonReply = (
  options: InboundOptions,
  reply: { id: string; title: string; contextId: string },
): Json =>
  envelope(options, 'interactive', {
    context: { from: EXAMPLE_BUSINESS.displayPhoneNumber, id: reply.contextId },
    interactive: { type: 'button_reply', button_reply: { id: reply.id, title: reply.title } },
  });

export const audioMessage = (options: InboundOptions, mediaId: string): Json =>
  envelope(options, 'audio', {
    audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'dGVzdA==', id: mediaId, voice: true },
  });

export const reactionMessage = (options: InboundOptions, messageId: string): Json =>
  envelope(options, 'reaction', { reaction: { message_id: messageId, emoji: '\u{1F44D}' } });

/** One `messages` change with status callbacks for messages the business sent. */
export function statusesChange(...statuses: Json[]): Json {
  return {
    value: {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: EXAMPLE_BUSINESS.displayPhoneNumber,
        phone_number_id: EXAMPLE_BUSINESS.phoneNumberId,
      },
      statuses,
    },
    field: 'messages',
  };
}

export function status(
  providerMessageId: string,
  value: 'sent' | 'delivered' | 'read' | 'failed',
  options: {
    recipient: string;
    timestamp: number;
    error?: { code: number; title: string; details: string };
  },
): Json {
  return {
    id: providerMessageId,
    status: value,
    timestamp: String(options.timestamp),
    recipient_id: options.recipient,
    ...(value !== 'failed'
      ? {
          conversation: {
            id: 'CONVERSATION_ID',
            origin: { type: 'service' },
          },
          pricing: { billable: false, pricing_model: 'PMP', category: 'service' },
        }
      : {}),
    ...(options.error
      ? {
          errors: [
            {
              code: options.error.code,
              title: options.error.title,
              message: options.error.title,
              error_data: { details: options.error.details },
              href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
            },
          ],
        }
      : {}),
  };
}

/**
 * The body bytes as Meta sends them: JSON with every non-ASCII character escaped (`\u0645`), which
 * is what the signature covers.
 */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Meta's error code 131047 as its failed status carries it. */
export const RE_ENGAGEMENT_ERROR = {
  code: 131047,
  title: 'Re-engagement message',
  details:
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
} as const;
