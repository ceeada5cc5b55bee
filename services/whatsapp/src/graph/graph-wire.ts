/**
 * The WhatsApp Cloud API's wire shapes (Meta's JSON, snake_case), only the fields this adapter
 * reads or sends. Sources, each checked against Meta's published pages and examples:
 * - webhooks: developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 *   (and its `status` page), and Meta's Node SDK types (github.com/WhatsApp/WhatsApp-Nodejs-SDK,
 *   src/types/webhooks.ts);
 * - sending: `POST /{phone-number-id}/messages` (text, interactive reply buttons, template), its
 *   response as in the SDK's tests (src/__tests__/messages.test.ts);
 * - typing indicator: …/whatsapp/typing-indicators (`status: read` + `typing_indicator`);
 * - media: …/whatsapp/business-phone-numbers/media (`GET /{media-id}`, then the URL with the token);
 * - errors: …/whatsapp/support/error-codes (`{ error: { message, type, code, error_data } }`).
 */

/** `POST` body of a webhook delivery. */
export interface WebhookBody {
  readonly object?: unknown;
  readonly entry?: unknown;
}

export interface WireWebhookEntry {
  readonly id?: string;
  readonly changes?: readonly WireWebhookChange[];
}

export interface WireWebhookChange {
  readonly field?: string;
  readonly value?: WireChangeValue;
}

export interface WireChangeValue {
  readonly messaging_product?: string;
  readonly metadata?: { readonly display_phone_number?: string; readonly phone_number_id?: string };
  readonly contacts?: readonly {
    readonly wa_id?: string;
    readonly profile?: { readonly name?: string };
  }[];
  readonly messages?: readonly WireInboundMessage[];
  readonly statuses?: readonly WireStatus[];
  readonly errors?: readonly WireError[];
}

export interface WireInboundMessage {
  readonly from?: string;
  readonly id?: string;
  readonly timestamp?: string;
  readonly type?: string;
  readonly text?: { readonly body?: string };
  readonly image?: {
    readonly id?: string;
    readonly mime_type?: string;
    readonly sha256?: string;
    readonly caption?: string;
  };
  readonly interactive?: {
    readonly type?: string;
    readonly button_reply?: { readonly id?: string; readonly title?: string };
    readonly list_reply?: { readonly id?: string; readonly title?: string };
  };
  /** A quick-reply button of a template message. */
  readonly button?: { readonly payload?: string; readonly text?: string };
  readonly context?: { readonly from?: string; readonly id?: string };
  readonly errors?: readonly WireError[];
}

export interface WireStatus {
  readonly id?: string;
  readonly status?: string;
  readonly timestamp?: string;
  readonly recipient_id?: string;
  readonly errors?: readonly WireError[];
}

/** An error as webhooks carry it (statuses[].errors, messages[].errors, value.errors). */
export interface WireError {
  readonly code?: number;
  readonly title?: string;
  readonly message?: string;
  readonly error_data?: { readonly details?: string };
}

/** What `POST /{phone-number-id}/messages` answers when it accepts a message. */
export interface WireSendResponse {
  readonly messaging_product?: string;
  readonly contacts?: readonly { readonly input?: string; readonly wa_id?: string }[];
  readonly messages?: readonly { readonly id?: string; readonly message_status?: string }[];
}

/** What `GET /{media-id}` answers: a download URL valid for five minutes. */
export interface WireMediaInfo {
  readonly messaging_product?: string;
  readonly url?: string;
  readonly mime_type?: string;
  readonly sha256?: string;
  /** A number, or a string of digits in some responses. */
  readonly file_size?: number | string;
  readonly id?: string;
}

/** A Graph API error response. */
export interface WireErrorResponse {
  readonly error?: {
    readonly message?: string;
    readonly type?: string;
    readonly code?: number;
    readonly error_subcode?: number;
    readonly error_data?: { readonly messaging_product?: string; readonly details?: string };
    readonly fbtrace_id?: string;
  };
}

/** The outgoing message bodies this adapter sends. */
export type WireOutgoingMessage =
  | { readonly type: 'text'; readonly text: { readonly body: string; readonly preview_url: false } }
  | {
      readonly type: 'interactive';
      readonly interactive: {
        readonly type: 'button';
        readonly body: { readonly text: string };
        readonly action: {
          readonly buttons: readonly {
            readonly type: 'reply';
            readonly reply: { readonly id: string; readonly title: string };
          }[];
        };
      };
    }
  | {
      readonly type: 'template';
      readonly template: {
        readonly name: string;
        readonly language: { readonly code: string };
        readonly components: readonly {
          readonly type: 'body';
          readonly parameters: readonly { readonly type: 'text'; readonly text: string }[];
        }[];
      };
    };
