import type { CitationDto } from '@support/contracts';
import type { HistoryEntry } from '../../../chat/server-frames.js';
import { el } from '../shared/dom.js';
import type { MessageId, PageText } from '../shared/i18n.js';
import { isolatedRuns, markLanguage } from '../shared/text-direction.js';
import { parseCitations, plainText, type Segment, type Source } from './citations.js';

/** What a customer's own message shows while it travels: sending, sent, waiting, not sent. */
export type DeliveryState = 'sending' | 'sent' | 'waiting' | 'failed';

const DELIVERY_LABEL: Record<DeliveryState, MessageId> = {
  sending: 'chat.status.sending',
  sent: 'chat.status.sent',
  waiting: 'chat.status.waiting',
  failed: 'chat.status.failed',
};

/** One entry of the conversation as the page draws it, from history or a live frame. */
export interface ChatEntry {
  readonly role: HistoryEntry['role'] | 'system';
  readonly kind: string;
  readonly text: string;
  readonly at?: string;
  readonly citations?: readonly CitationDto[];
  readonly image?: { readonly src: string; readonly name: string };
  /** A clarifying question's choices, shown as buttons under it. */
  readonly options?: readonly ChatOption[];
}

/** One choice a reply offers: its id goes back with the customer's pick, its title is shown. */
export interface ChatOption {
  readonly id: string;
  readonly title: string;
}

/** What the page does when the customer picks an option (sends it as their message). */
export type ChooseOption = (option: ChatOption) => void;

/**
 * Draws the entries of a conversation. Each message element carries its own `lang` and `dir` (from
 * its words), while its labels (time, status, "Sources") are in the page's language: an English
 * answer in an Arabic page reads left to right with its full stop on the right. A renderer per
 * kind: a new kind of entry (buttons of a clarification, a channel's message) adds one.
 */
export class MessageRenderer {
  private sequence = 0;
  private readonly byKind: Record<string, (entry: ChatEntry) => HTMLElement> = {
    customer: (entry) => this.customer(entry),
    answer: (entry) => this.reply(entry),
    abstention: (entry) => this.reply(entry),
    holding: (entry) => this.reply(entry),
    human: (entry) => this.reply(entry),
    clarification: (entry) => this.clarification(entry),
    notice: (entry) => this.notice(entry),
  };

  constructor(
    private readonly text: PageText,
    private readonly choose: ChooseOption = () => undefined,
  ) {}

  /**
   * Options can be picked once, and only the latest question's: after the customer's next
   * message every earlier button is disabled (the agent reads only an answer to the last one).
   */
  closeOptions(root: ParentNode, chosenId?: string): void {
    for (const button of root.querySelectorAll<HTMLButtonElement>('.msg-option')) {
      if (button.disabled) continue;
      button.disabled = true;
      if (button.dataset.optionId === chosenId) button.setAttribute('aria-pressed', 'true');
    }
  }

  render(entry: ChatEntry): HTMLElement {
    const kind = entry.role === 'customer' ? 'customer' : entry.kind;
    return (this.byKind[kind] ?? this.byKind.answer!)(entry);
  }

  /** Marks a customer's message as sending, sent, waiting (to be sent again) or not sent. */
  setDelivery(bubble: HTMLElement, state: DeliveryState, detail?: HTMLElement): void {
    bubble.dataset.state = state;
    const status = bubble.querySelector<HTMLElement>('.msg-status');
    if (status) this.text.label(status, DELIVERY_LABEL[state]);
    bubble.querySelector('.msg-error')?.remove();
    bubble.querySelector('.msg-retry')?.remove();
    if (detail) bubble.append(detail);
  }

  /** Page-language text inside a message (a status line, a button). */
  uiText<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    id: MessageId,
    values?: Record<string, string | number>,
  ): HTMLElementTagNameMap[K] {
    return this.text.label(el(tag, { class: `${className} ui-text` }), id, values);
  }

  /** Gives the page-language parts of every message the page's `lang` and `dir` again. */
  relabel(root: ParentNode): void {
    for (const node of root.querySelectorAll<HTMLElement>('.ui-text')) this.pageLanguage(node);
  }

  private pageLanguage<E extends HTMLElement>(node: E): E {
    node.lang = this.text.language;
    node.dir = this.text.language === 'ar' ? 'rtl' : 'ltr';
    return node;
  }

  private bubble(role: string, words: string): HTMLElement {
    const bubble = markLanguage(el('div', { class: 'msg', 'data-role': role }), words);
    bubble.dataset.dir = bubble.dir;
    return bubble;
  }

  private meta(bubble: HTMLElement, at: string | undefined): HTMLElement {
    const meta = this.pageLanguage(el('div', { class: 'msg-meta ui-text' }));
    if (at && !Number.isNaN(Date.parse(at))) {
      const time = this.text.timeElement(at);
      time.className = 'msg-time';
      meta.append(time);
    }
    bubble.append(meta);
    return meta;
  }

  private customer(entry: ChatEntry): HTMLElement {
    const bubble = this.bubble('customer', entry.text);
    if (entry.image) {
      const img = el('img', { class: 'msg-thumb', alt: entry.image.name, decoding: 'async' });
      img.src = entry.image.src; // a data: URL made from the customer's own file
      bubble.append(img);
      bubble.classList.add('has-attachment');
    }
    if (entry.text) bubble.append(this.body(bubble, [entry.text]));
    this.meta(bubble, entry.at ?? new Date().toISOString()).append(
      el('span', { class: 'msg-status' }),
    );
    this.setDelivery(bubble, 'sent');
    return bubble;
  }

  private reply(entry: ChatEntry): HTMLElement {
    const role = entry.kind === 'human' ? 'human' : 'agent';
    const { segments, sources } = parseCitations(entry.text, entry.citations);
    // The language ignores citation marks: Latin ids would skew a short Arabic reply.
    const bubble = this.bubble(role, plainText(segments));
    bubble.dataset.kind = entry.kind;
    if (role === 'human') bubble.append(this.uiText('div', 'msg-label', 'chat.supportTeam'));
    const anchor = `src-${++this.sequence}`;
    bubble.append(
      this.body(
        bubble,
        segments.map((segment) =>
          segment.type === 'text' ? segment.value : this.citationMark(segment, sources, anchor),
        ),
      ),
    );
    if (sources.length > 0) bubble.append(this.sourceList(sources, anchor));
    this.meta(bubble, entry.at);
    return bubble;
  }

  /**
   * A clarifying question: its words, then one real button per option (reachable with Tab, each
   * read by its title; the group is named by the question), the last one "none of these".
   */
  private clarification(entry: ChatEntry): HTMLElement {
    const bubble = this.reply(entry);
    const options = entry.options ?? [];
    if (options.length === 0) return bubble;
    const questionId = `clarify-${++this.sequence}`;
    bubble.querySelector('.msg-body')?.setAttribute('id', questionId);
    const group = el('div', { class: 'msg-options', role: 'group', 'aria-labelledby': questionId });
    for (const option of options) {
      const button = markLanguage(
        el('button', { type: 'button', class: 'msg-option', 'data-option-id': option.id }),
        option.title,
      );
      button.append(...isolatedRuns(option.title, button.lang === 'ar' ? 'ar' : 'en'));
      button.addEventListener('click', () => {
        if (button.disabled) return;
        this.closeOptions(group, option.id);
        this.choose(option);
      });
      group.append(button);
    }
    bubble.querySelector('.msg-meta')?.before(group);
    return bubble;
  }

  /** The words of a message, runs of the other script isolated (see {@link isolatedRuns}). */
  private body(bubble: HTMLElement, parts: readonly (string | HTMLElement)[]): HTMLElement {
    const body = el('div', { class: 'msg-body' });
    const language = bubble.lang === 'ar' ? 'ar' : 'en';
    for (const part of parts)
      body.append(...(typeof part === 'string' ? isolatedRuns(part, language) : [part]));
    return body;
  }

  private notice(entry: ChatEntry): HTMLElement {
    const bubble = this.pageLanguage(el('div', { class: 'msg', 'data-role': 'system' }));
    bubble.append(el('div', { class: 'msg-body' }, entry.text));
    if (entry.at) this.meta(bubble, entry.at);
    return bubble;
  }

  /** A page-language notice (handed over, back with the assistant) that follows a switch. */
  noticeOf(id: MessageId, at?: string): HTMLElement {
    const bubble = this.notice({ role: 'system', kind: 'notice', text: '', ...(at ? { at } : {}) });
    bubble.classList.add('ui-text');
    this.text.label(bubble.querySelector('.msg-body')!, id);
    return bubble;
  }

  private citationMark(
    segment: Extract<Segment, { type: 'cite' }>,
    sources: readonly Source[],
    anchor: string,
  ): HTMLElement {
    const link = el('a', { href: `#${anchor}-${segment.n}`, 'data-chunk-id': segment.chunkId });
    link.textContent = this.text.number(segment.n);
    const source = sources.find((s) => s.n === segment.n);
    if (source?.title) link.title = source.title;
    link.addEventListener('click', (event) => {
      // Scroll the source into view without rewriting the URL hash.
      event.preventDefault();
      const target = document.getElementById(`${anchor}-${segment.n}`);
      if (!target) return;
      target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      target.classList.remove('flash');
      void target.offsetWidth; // restart the highlight animation
      target.classList.add('flash');
    });
    const sup = el('sup', { class: 'cite' });
    sup.append(link);
    return sup;
  }

  /** The sources by the names a customer knows: a document's title, "Your order ORD-1002". */
  private sourceList(sources: readonly Source[], anchor: string): HTMLElement {
    const block = el('div', { class: 'sources-block' });
    block.append(this.uiText('div', 'sources-title', 'chat.sources'));
    const list = el('ol', { class: 'sources' });
    for (const source of sources) {
      const item = el('li', { id: `${anchor}-${source.n}`, 'data-chunk-id': source.chunkId });
      if (source.docId) item.dataset.docId = source.docId;
      const name = source.title || source.docId || source.chunkId;
      item.append(markLanguage(el('span', { class: 'source-title' }, name), name));
      list.append(item);
    }
    block.append(list);
    return block;
  }
}
