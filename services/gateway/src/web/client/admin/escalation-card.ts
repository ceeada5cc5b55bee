import type {
  AdminEscalationView,
  AdminTranscriptLine,
  EscalationStatus,
} from '../../../admin/admin-frames.js';
import { el, partOf } from '../shared/dom.js';
import type { MessageId, PageText } from '../shared/i18n.js';
import { codeLabel, durationLabel, languageLabel } from '../shared/labels.js';
import { markLanguage } from '../shared/text-direction.js';

export interface CardActions {
  claim(escalationId: string, action: 'claim' | 'release'): void;
  reply(escalationId: string, text: string, input: HTMLTextAreaElement): void;
  traceHref(conversationId: string): string;
  /** Opens "Forget customer" for this card's customer (the dialog asks to confirm). */
  forget(customerId: string): void;
}

/**
 * One escalation as an admin reads it: first what the customer asked, who they are, why it came
 * to a person and how long they have waited; then who handles it and the reply box. The
 * conversation so far is folded away, a click from view.
 */
export class EscalationCard {
  readonly node: HTMLElement;

  constructor(
    private readonly text: PageText,
    readonly view: AdminEscalationView,
    private readonly actions: CardActions,
  ) {
    const node = el('section', {
      class: 'escalation',
      'data-escalation-id': view.escalationId,
      'data-conversation-id': view.conversationId,
      'data-status': view.status,
      'data-opened-at': view.openedAt,
      'data-reason': view.reason,
      'data-group': view.group,
      'data-topic': view.topic ?? '',
      'data-language': view.language,
    });
    this.node = node;
    const head = el('header', { class: 'card-head' });
    head.append(
      el('span', { class: 'waiting' }),
      el('span', { class: 'badge reason', 'data-group': view.group }),
      el('span', { class: 'badge group', 'data-group': view.group }),
      el('span', { class: 'badge topic' }),
      el('span', { class: 'badge language' }),
    );
    const question = markLanguage(el('p', { class: 'question' }, view.question), view.question);
    const customer = el('p', { class: 'customer' });
    const forget = text.label(
      el('button', { class: 'forget-customer', type: 'button' }),
      'admin.forget.card',
    );
    forget.addEventListener('click', () => actions.forget(view.customerId));
    customer.append(
      text.label(el('span', { class: 'label' }), 'admin.customer'),
      ' ',
      el('bdi', { class: 'customer-id' }, view.customerId),
      ' ',
      forget,
    );
    const status = el('div', { class: 'status' });
    const claim = el('button', { class: 'claim', type: 'button', 'data-action': 'claim' });
    claim.addEventListener('click', () => {
      partOf(node, '.claim-note').textContent = '';
      actions.claim(view.escalationId, claim.dataset.action as 'claim' | 'release');
    });
    const trace = text.label(el('a', { class: 'trace-link' }), 'admin.trace');
    trace.href = actions.traceHref(view.conversationId);
    status.append(
      el('span', { class: 'owner' }),
      claim,
      trace,
      el('span', { class: 'claim-note', role: 'status' }),
    );
    const transcript = el('details', { class: 'transcript-block' });
    transcript.append(el('summary'), el('ol', { class: 'transcript' }));
    const form = el('form', { class: 'reply' });
    const input = el('textarea', { class: 'reply-input', dir: 'auto', rows: '2' });
    text.label(input, 'admin.reply.placeholder', undefined, 'placeholder');
    const send = text.label(
      el('button', { class: 'reply-send', type: 'submit' }),
      'admin.reply.send',
    );
    form.append(input, send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const words = input.value.trim();
      if (words) actions.reply(view.escalationId, words, input);
    });
    node.append(head, question, customer, status, transcript, form);
    for (const line of view.transcript ?? []) this.addLine(line);
    this.showCodes();
    this.showClaim(view.claimedBy ?? null, view.claimSequence ?? 0, null);
    this.setStatus(view.status, view.status === 'resolved' ? view.resolvedAt : view.withdrawnAt);
  }

  get status(): EscalationStatus {
    return this.node.dataset.status as EscalationStatus;
  }

  /** Redraws the parts that are codes turned into words (after a switch of language). */
  showCodes(): void {
    const { view, node, text } = this;
    partOf(node, '.reason').textContent = codeLabel(text, 'reason', view.reason);
    partOf(node, '.group').textContent = codeLabel(text, 'group', view.group);
    partOf(node, '.topic').textContent = codeLabel(text, 'topic', node.dataset.topic || null);
    partOf(node, '.language').textContent = languageLabel(text, view.language);
    const lines = node.querySelectorAll('.transcript li').length;
    text.label(partOf(node, 'summary'), 'admin.transcript', { count: lines });
    this.tick(Date.now());
  }

  addLine(line: AdminTranscriptLine): void {
    const item = markLanguage(
      el('li', { 'data-role': line.role, 'data-kind': line.kind || '' }),
      line.text,
    );
    const who = this.text.label(
      el('span', { class: 'speaker' }),
      `admin.role.${line.role}` as MessageId,
    );
    who.lang = this.text.language;
    item.append(who, el('span', { class: 'line-text' }, line.text));
    if (line.at) item.title = line.at;
    partOf(this.node, '.transcript').append(item);
    this.text.label(partOf(this.node, 'summary'), 'admin.transcript', {
      count: this.node.querySelectorAll('.transcript li').length,
    });
  }

  setTopic(topic: string): void {
    this.node.dataset.topic = topic;
    this.showCodes();
  }

  /** Who handles it, as the latest claim frame (highest sequence) says. */
  showClaim(holder: string | null, sequence: number, me: string | null): void {
    const node = this.node;
    if (sequence < Number(node.dataset.claimSequence || 0)) return;
    node.dataset.claimSequence = String(sequence);
    node.dataset.claimedBy = holder ?? '';
    const mine = holder !== null && holder === me;
    node.dataset.mine = String(mine);
    const owner = partOf(node, '.owner');
    if (holder === null) this.text.label(owner, 'admin.owner.none');
    else if (mine) this.text.label(owner, 'admin.owner.me');
    else this.text.label(owner, 'admin.owner.other', { admin: holder });
    const button = partOf(node, '.claim', HTMLButtonElement);
    button.dataset.action = mine ? 'release' : 'claim';
    this.text.label(button, mine ? 'admin.release' : 'admin.claim');
    const othersHold = holder !== null && !mine;
    button.disabled = othersHold || this.status === 'resolved';
    partOf(node, '.reply-input', HTMLTextAreaElement).disabled = othersHold;
    partOf(node, '.reply-send', HTMLButtonElement).disabled = othersHold;
  }

  setStatus(status: EscalationStatus, at: string | null): void {
    this.node.dataset.status = status;
    if (at) this.node.dataset.statusAt = at;
    if (status === 'resolved') partOf(this.node, '.claim', HTMLButtonElement).disabled = true;
    this.tick(Date.now());
  }

  /** "Waiting 3 min 5 sec", "Answered after 12 min", "Withdrawn after 4 min". */
  tick(now: number): void {
    const opened = Date.parse(this.view.openedAt);
    const at = Date.parse(this.node.dataset.statusAt ?? '');
    const waiting = partOf(this.node, '.waiting');
    if (Number.isNaN(opened)) return void (waiting.textContent = '');
    const id =
      this.status === 'resolved'
        ? 'admin.wait.answered'
        : this.status === 'withdrawn'
          ? 'admin.wait.withdrawn'
          : 'admin.wait.open';
    const end = this.status === 'open' || Number.isNaN(at) ? now : at;
    this.text.label(waiting, id, { duration: durationLabel(this.text, end - opened) });
  }
}
