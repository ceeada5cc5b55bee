import type { AttachmentFrame, MessageFrame } from '../../../chat/client-frames.js';
import type { MessageId } from '../shared/i18n.js';
import type { MessageRenderer } from './render-messages.js';

/** Waits after a refusal that named no wait (a dropped connection, a busy event log). */
const DEFAULT_RETRY_MS = 2000;

interface Pending {
  readonly frame: MessageFrame | AttachmentFrame;
  readonly bubble: HTMLElement;
  readonly text: string;
  timer?: number;
}

/**
 * The customer's messages that the gateway has not acknowledged yet. A message the gateway refused
 * for now (too many at once, the event log busy) is sent again by itself after the wait it was
 * told, with the same `clientMessageId`; one that cannot go (too long, refused for good) says so in
 * the page's language and offers nothing to retry.
 */
export class Outbox {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly renderer: MessageRenderer,
    private readonly send: (frame: MessageFrame | AttachmentFrame) => boolean,
  ) {}

  /** Sends a new message; its bubble shows how it goes. */
  dispatch(frame: MessageFrame | AttachmentFrame, bubble: HTMLElement, text: string): void {
    this.pending.set(frame.clientMessageId, { frame, bubble, text });
    bubble.dataset.clientMessageId = frame.clientMessageId;
    this.attempt(frame.clientMessageId);
  }

  acknowledged(clientMessageId: string, messageId: string): void {
    const entry = this.take(clientMessageId);
    if (!entry) return;
    entry.bubble.dataset.messageId = messageId;
    this.renderer.setDelivery(entry.bubble, 'sent');
  }

  /** The gateway refused the message: wait and send again, or say it was not sent. */
  refused(
    clientMessageId: string,
    refusal: { code: string; retryable: boolean; retryAfterMs?: number },
    reason: MessageId,
  ): boolean {
    const entry = this.pending.get(clientMessageId);
    if (!entry) return false;
    entry.bubble.dataset.errorCode = refusal.code;
    if (!refusal.retryable) {
      this.take(clientMessageId);
      this.renderer.setDelivery(entry.bubble, 'failed', this.note(reason));
      return true;
    }
    const waitMs = Math.max(refusal.retryAfterMs ?? DEFAULT_RETRY_MS, 250);
    this.renderer.setDelivery(
      entry.bubble,
      'waiting',
      this.note('chat.status.retryingIn', { seconds: Math.ceil(waitMs / 1000) }),
    );
    window.clearTimeout(entry.timer);
    entry.timer = window.setTimeout(() => this.attempt(clientMessageId), waitMs);
    return true;
  }

  /** The socket dropped: unconfirmed messages may or may not be recorded; offer to send again. */
  connectionLost(): void {
    for (const [id, entry] of this.pending)
      if (entry.bubble.dataset.state === 'sending')
        this.offerRetry(id, 'chat.error.connectionLost');
  }

  /** Messages the gateway's history does not hold yet (kept on screen across a reconnect). */
  unconfirmed(recorded: ReadonlySet<string>): HTMLElement[] {
    const kept: HTMLElement[] = [];
    for (const [id, entry] of this.pending) {
      if (recorded.has(entry.text)) this.take(id);
      else kept.push(entry.bubble);
    }
    return kept;
  }

  /**
   * The connection is back (`ready`): messages the dropped one left unconfirmed go again, with
   * their own ids (the gateway records a message once); those waiting out a limit keep waiting.
   */
  resendUnconfirmed(): void {
    for (const [id, entry] of this.pending)
      if (entry.bubble.dataset.state === 'failed' && entry.timer === undefined) this.attempt(id);
  }

  clear(): void {
    for (const entry of this.pending.values()) window.clearTimeout(entry.timer);
    this.pending.clear();
  }

  private attempt(clientMessageId: string): void {
    const entry = this.pending.get(clientMessageId);
    if (!entry) return;
    entry.timer = undefined;
    this.renderer.setDelivery(entry.bubble, 'sending');
    // Same clientMessageId, so a server that did record the first attempt can de-duplicate.
    if (!this.send(entry.frame)) this.offerRetry(clientMessageId, 'chat.error.notConnected');
  }

  private offerRetry(clientMessageId: string, reason: MessageId): void {
    const entry = this.pending.get(clientMessageId);
    if (!entry) return;
    const retry = this.renderer.uiText('button', 'msg-retry', 'chat.retry');
    retry.type = 'button';
    retry.addEventListener('click', () => this.attempt(clientMessageId));
    this.renderer.setDelivery(entry.bubble, 'failed', this.note(reason));
    entry.bubble.append(retry);
  }

  private note(id: MessageId, values?: Record<string, number>): HTMLElement {
    return this.renderer.uiText('div', 'msg-error', id, values);
  }

  private take(clientMessageId: string): Pending | undefined {
    const entry = this.pending.get(clientMessageId);
    if (entry) window.clearTimeout(entry.timer);
    this.pending.delete(clientMessageId);
    return entry;
  }
}
