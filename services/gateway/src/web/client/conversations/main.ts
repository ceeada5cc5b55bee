// The conversations behind one bar of the dashboard (GET dashboard/bar with the bar's selection):
// when, who, what they asked, why it went to a person, and a link to the turn's trace.
import type { BarConversation } from '../../../dashboard/dashboard-conversations.js';
import { analystFetch, DASHBOARD, wireAnalystSignIn } from '../dashboard/analyst-session.js';
import { byId, el } from '../shared/dom.js';
import { pageText } from '../shared/i18n.js';
import { codeLabel } from '../shared/labels.js';
import { markLanguage } from '../shared/text-direction.js';

const text = pageText();
const params = new URLSearchParams(location.search);
let rows: BarConversation[] = [];

const ms = (n: number) =>
  text.number(n, { style: 'unit', unit: 'millisecond', unitDisplay: 'narrow' });

/** "Avoidable · Delivery · 3 Dec 2026": what the bar was, in words. */
function describeBar(): string {
  const parts: string[] = [];
  const group = params.get('group');
  const reason = params.get('reason');
  const topic = params.get('topic');
  const day = params.get('day');
  if (reason) parts.push(codeLabel(text, 'reason', reason));
  if (topic) parts.push(codeLabel(text, 'topic', topic));
  if (group) parts.push(codeLabel(text, 'group', group));
  if (day) parts.push(text.date(`${day}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }));
  const from = params.get('latencyFrom');
  const to = params.get('latencyTo');
  if (from !== null)
    parts.push(to ? `${ms(Number(from))} – ${ms(Number(to))}` : `≥ ${ms(Number(from))}`);
  return parts.join(' · ');
}

function row(conversation: BarConversation): HTMLElement {
  const item = el('li', {
    class: 'escalation',
    'data-conversation-id': conversation.conversationId,
  });
  const head = el('div', { class: 'card-head' });
  head.append(text.timeElement(conversation.at, 'date'));
  if (conversation.reason)
    head.append(
      el(
        'span',
        { class: 'badge', 'data-group': conversation.group ?? '' },
        codeLabel(text, 'reason', conversation.reason),
      ),
    );
  if (conversation.topic)
    head.append(el('span', { class: 'badge' }, codeLabel(text, 'topic', conversation.topic)));
  if (conversation.latencyMs !== null)
    head.append(el('span', { class: 'badge' }, ms(conversation.latencyMs)));
  const question = markLanguage(
    el('p', { class: 'question' }, conversation.question),
    conversation.question,
  );
  const meta = el('p', { class: 'customer' });
  if (conversation.customerId)
    meta.append(
      text.label(el('span'), 'admin.customer'),
      ' ',
      el('bdi', { class: 'customer-id' }, conversation.customerId),
      ' · ',
    );
  if (conversation.turnId) {
    const trace = text.label(el('a', { class: 'trace-link' }), 'admin.trace');
    trace.href = new URL(`trace?turn=${encodeURIComponent(conversation.turnId)}`, DASHBOARD).href;
    meta.append(trace);
  }
  item.append(head, question, meta);
  return item;
}

function render(): void {
  text.label(byId('bar-title'), 'conversations.heading', {
    bar: describeBar(),
    count: rows.length,
  });
  byId('bar-empty').hidden = rows.length > 0;
  byId('bar-rows').replaceChildren(...rows.map(row));
}

async function load(): Promise<void> {
  const error = byId('dash-error');
  try {
    error.hidden = true;
    const response = await analystFetch('bar', Object.fromEntries(params.entries()));
    rows = ((await response.json()) as { conversations: BarConversation[] }).conversations;
    byId('dash-login').hidden = true;
    byId('dash-token-login').hidden = true;
    render();
  } catch (caught) {
    const failure = caught as Error & { signIn?: boolean };
    byId('dash-login').hidden = !failure.signIn;
    byId('dash-token-login').hidden = !failure.signIn;
    if (failure.signIn) text.label(error, 'dashboard.signInFirst');
    else text.label(error, 'dashboard.refused', { reason: failure.message });
    error.hidden = false;
  }
}

const back = byId('bar-back', HTMLAnchorElement);
back.href = new URL(
  `../dashboard?days=${encodeURIComponent(params.get('days') ?? '')}`,
  DASHBOARD,
).href;
wireAnalystSignIn(load);
text.onChange(render);
void load();
