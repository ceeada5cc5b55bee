// Admin console: the queue of escalations (open ones unless a filter says otherwise), the longest
// waiting first, with live waiting times, who handles each (claim / release), the question and the
// customer first and the conversation folded away, a link to the trace, and a reply box that does
// what a reply in the Slack thread does. Live updates come over the admin WebSocket.
import type {
  AdminClaimFrame,
  AdminQueueFrame,
  AdminReplyFrame,
  AdminServerFrame,
  AdminEscalationView,
  QueueFilter,
} from '../../../admin/admin-frames.js';
import { byId, el } from '../shared/dom.js';
import { pageText } from '../shared/i18n.js';
import { codeLabel, languageLabel } from '../shared/labels.js';
import { EscalationCard } from './escalation-card.js';
import { ForgetCustomer } from './forget-customer.js';
import { AdminSession, CONSOLE } from './session.js';

type AdminClientFrame = AdminQueueFrame | AdminClaimFrame | AdminReplyFrame;
const PROTOCOL = window.GatewayProtocol;
const FILTERS = ['status', 'reason', 'group', 'topic', 'language'] as const;
/** How long an answered card stays in the open queue, saying so, before it leaves. */
const ANSWERED_LINGER_MS = 4000;

const text = pageText();
const ui = {
  status: byId('admin-conn-status'),
  empty: byId('admin-empty'),
  filters: byId('queue-filters', HTMLFormElement),
  count: byId('queue-count'),
  list: byId('escalations'),
};
const cards = new Map<string, EscalationCard>();
let socket: WebSocket | null = null;
let counter = 0;
let me: string | null = null;
let adminToken: string | null = null;
const forgetting = new ForgetCustomer(text, () => adminToken);
let filter: QueueFilter = {};
let options: Partial<Record<(typeof FILTERS)[number], readonly string[]>> = {};

function send(frame: AdminClientFrame): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function matches(card: EscalationCard): boolean {
  const { dataset } = card.node;
  return FILTERS.every((name) => {
    const wanted = filter[name];
    if (name === 'status') return (wanted ?? 'open') === card.status;
    return !wanted || (dataset[name] || 'pending') === wanted;
  });
}

function refreshQueue(): void {
  let shown = 0;
  for (const card of cards.values()) {
    card.node.hidden = !matches(card);
    if (!card.node.hidden) shown += 1;
  }
  const status = filter.status ?? 'open';
  ui.empty.hidden = shown > 0;
  text.label(ui.empty, 'admin.empty', { status });
  text.label(ui.count, 'admin.count', { count: shown, status });
}

function addCard(view: AdminEscalationView): void {
  if (cards.has(view.escalationId)) return;
  const card = new EscalationCard(text, view, {
    claim: (escalationId, action) => send({ type: action, escalationId }),
    reply: (escalationId, words, input) => {
      if (socket?.readyState !== WebSocket.OPEN) return;
      const clientMessageId = `r${Date.now().toString(36)}${(counter += 1)}`;
      input.dataset.pending = clientMessageId;
      send({ type: 'reply', escalationId, clientMessageId, text: words });
    },
    traceHref: (conversationId) =>
      new URL(`trace?conversation=${encodeURIComponent(conversationId)}`, CONSOLE).href,
    forget: (customerId) => forgetting.start(customerId),
  });
  card.showClaim(view.claimedBy ?? null, view.claimSequence ?? 0, me);
  cards.set(view.escalationId, card);
  // Waiting ones oldest first: a live escalation goes before the first one opened after it.
  const later = [...cards.values()].find(
    (other) => other !== card && other.view.openedAt > view.openedAt,
  );
  const resolvedList = (filter.status ?? 'open') === 'resolved';
  ui.list.insertBefore(card.node, resolvedList ? null : (later?.node ?? null));
}

/** The filter menus, with the values the server offered, in the page's words. */
function showFilterOptions(): void {
  for (const name of FILTERS) {
    const select = byId(`filter-${name}`, HTMLSelectElement);
    const values = options[name] ?? [];
    select.replaceChildren(
      ...(name === 'status' ? [] : [text.label(el('option', { value: '' }), 'admin.filter.all')]),
      ...values.map((value) =>
        el(
          'option',
          { value },
          name === 'language' ? languageLabel(text, value) : codeLabel(text, name, value),
        ),
      ),
    );
    select.value = filter[name] ?? (name === 'status' ? 'open' : '');
  }
  ui.filters.hidden = false;
}

function onFrame(frame: AdminServerFrame): void {
  switch (frame.type) {
    case 'snapshot':
      cards.clear();
      ui.list.replaceChildren();
      options = frame.filterOptions ?? {};
      showFilterOptions();
      for (const view of frame.escalations) addCard(view);
      break;
    case 'escalation':
      addCard(frame.escalation);
      break;
    case 'message':
      for (const card of cards.values())
        if (card.view.conversationId === frame.conversationId) card.addLine(frame.line);
      break;
    case 'topic':
      cards.get(frame.escalationId)?.setTopic(frame.topic);
      break;
    case 'resolved': {
      const card = cards.get(frame.escalationId);
      if (!card) break;
      card.setStatus('resolved', frame.at);
      // Answered here: the card says so for a moment before it leaves the open queue.
      card.node.hidden = false;
      window.setTimeout(refreshQueue, ANSWERED_LINGER_MS);
      return;
    }
    case 'withdrawn':
      cards.get(frame.escalationId)?.setStatus('withdrawn', frame.at);
      break;
    case 'claimed':
    case 'claim_released':
      cards
        .get(frame.escalationId)
        ?.showClaim(frame.type === 'claimed' ? frame.adminId : null, frame.sequence, me);
      break;
    case 'claim_result':
      // The live claim frame (from the event log) updates every console, this one included.
      break;
    case 'claim_refused': {
      const card = cards.get(frame.escalationId);
      const note = card?.node.querySelector('.claim-note');
      const id = frame.holder ? 'admin.claimRefused.held' : 'admin.claimRefused.other';
      if (note) text.label(note, id, { admin: frame.holder ?? '' });
      else session.showError(id, { admin: frame.holder ?? '' });
      break;
    }
    case 'ack':
      for (const input of ui.list.querySelectorAll<HTMLTextAreaElement>('.reply-input'))
        if (input.dataset.pending === frame.clientMessageId) {
          input.value = '';
          delete input.dataset.pending;
        }
      break;
    case 'error':
      session.showError(frame.code === 'conflict' ? 'admin.error.conflict' : 'admin.error.refused');
      break;
  }
  refreshQueue();
}

function readFilter(): QueueFilter {
  const next: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = byId(`filter-${name}`, HTMLSelectElement).value;
    if (value) next[name] = value; // the menus hold the values the server offered
  }
  return next as QueueFilter;
}

ui.filters.addEventListener('change', () => {
  filter = readFilter();
  refreshQueue();
  // The server filters too: the queue it sends is the whole matching queue, not a page of all.
  send({ type: 'queue', filter });
});
ui.filters.addEventListener('submit', (event) => event.preventDefault());
text.onChange(() => {
  showFilterOptions();
  for (const card of cards.values()) card.showCodes();
  refreshQueue();
});

function connect(token: string): void {
  const url = new URL('ws', CONSOLE);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // The token travels as a subprotocol: the gateway refuses one in the URL (logs, history).
  socket = new WebSocket(url, [`${PROTOCOL.bearerSubprotocolPrefix}${token}`]);
  ui.status.dataset.state = 'connecting';
  socket.addEventListener('open', () => {
    ui.status.dataset.state = 'open';
    send({ type: 'hello', filter });
  });
  socket.addEventListener('message', (event) => {
    try {
      onFrame(JSON.parse(String(event.data)));
    } catch {
      /* the server only sends JSON */
    }
  });
  socket.addEventListener('close', (event) => {
    ui.status.dataset.state = 'closed';
    if (event.code === PROTOCOL.tokenExpiredCloseCode) return session.signOut('admin.sessionEnded');
    window.setTimeout(() => connect(token), 2000);
  });
}

window.setInterval(() => {
  const now = Date.now();
  for (const card of cards.values()) if (card.status === 'open') card.tick(now);
}, 1000);

const session = new AdminSession(text, {
  onSignedIn: (token, subject) => {
    me = subject;
    adminToken = token;
    forgetting.available = true;
    connect(token);
  },
  onSignedOut: () => {
    me = null;
    adminToken = null;
    forgetting.available = false;
  },
});
