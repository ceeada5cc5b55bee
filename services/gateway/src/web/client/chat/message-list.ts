import type { PageText } from '../shared/i18n.js';

/** How close to the end (px) still counts as reading the newest message. */
const FOLLOW_MARGIN_PX = 48;

/**
 * The conversation's scrolling list. It follows new messages while the customer reads the end of
 * it, including when the list itself shrinks (the handoff banner appears, the keyboard opens) or a
 * message grows (a photo loads). Once the customer scrolls up to read back, it stays where they
 * are and a "new message" pill counts what arrived below; the pill, or scrolling down, follows
 * again. The customer's own message always brings the end back into view.
 */
export class MessageList {
  private following = true;
  private unseen = 0;
  private readonly resizes = new ResizeObserver(() => this.stick());

  constructor(
    readonly container: HTMLElement,
    private readonly pill: HTMLButtonElement,
    private readonly text: PageText,
  ) {
    container.addEventListener('scroll', () => this.onScroll(), { passive: true });
    pill.addEventListener('click', () => this.follow());
    this.resizes.observe(container);
    text.onChange(() => this.showPill());
  }

  get isFollowing(): boolean {
    return this.following;
  }

  /** Adds a message; `own`: the customer's, which always scrolls to it. */
  append(node: HTMLElement, own = false): void {
    this.container.append(node);
    this.resizes.observe(node);
    if (own) this.follow();
    else if (this.following) this.scrollToEnd();
    else {
      this.unseen += 1;
      this.showPill();
    }
  }

  /** Removes every message and follows the end again (a new or resumed conversation). */
  reset(nodes: readonly HTMLElement[] = []): void {
    this.resizes.disconnect();
    this.resizes.observe(this.container);
    this.container.replaceChildren(...nodes);
    for (const node of nodes) this.resizes.observe(node);
    this.follow();
  }

  /** Something below the messages appeared (typing dots): keep the end in view when following. */
  stick(): void {
    if (this.following) this.scrollToEnd();
  }

  private follow(): void {
    this.following = true;
    this.unseen = 0;
    this.showPill();
    this.scrollToEnd();
  }

  private scrollToEnd(): void {
    this.container.scrollTop = this.container.scrollHeight;
  }

  private onScroll(): void {
    const { scrollHeight, scrollTop, clientHeight } = this.container;
    this.following = scrollHeight - scrollTop - clientHeight <= FOLLOW_MARGIN_PX;
    if (this.following && this.unseen > 0) {
      this.unseen = 0;
      this.showPill();
    }
  }

  private showPill(): void {
    this.pill.hidden = this.unseen === 0;
    this.pill.dataset.unseen = String(this.unseen);
    if (this.unseen > 0) this.text.label(this.pill, 'chat.newMessages', { count: this.unseen });
  }
}
