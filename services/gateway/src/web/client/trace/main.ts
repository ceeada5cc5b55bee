// Shows turn traces, text only, never HTML. Under /dashboard: one turn (`?turn=ID`) with the
// analyst token from the dashboard's sign-in. Under /admin: every turn of one conversation
// (`?conversation=ID`, linked from each escalation card) with the admin console's token.
import type { TurnTraceState } from '@support/persistence';
import { byId, el } from '../shared/dom.js';
import { pageText } from '../shared/i18n.js';

interface RenderedTrace {
  trace: TurnTraceState;
  text: string;
}

const admin = /^\/admin\//.test(location.pathname);
const token = sessionStorage.getItem(admin ? 'support.admin.token' : 'support.analyst.token');
const param = admin ? 'conversation' : 'turn';
const text = pageText();

function fail(status: number): void {
  const error = byId('trace-error');
  if (status === 404) text.label(error, admin ? 'trace.noConversation' : 'trace.noTurn');
  else if (status === 401 || status === 403)
    text.label(error, 'trace.wrongRole', { page: admin ? 'admin' : 'dashboard', status });
  else text.label(error, 'trace.failed', { status });
  error.hidden = false;
}

function chunkItems(trace: TurnTraceState): HTMLElement[] {
  return (trace.promptChunks ?? []).map((chunk) =>
    el(
      'li',
      { 'data-chunk-id': chunk.chunkId, dir: 'auto' },
      `${chunk.chunkId} (${chunk.score}) ${chunk.text}`,
    ),
  );
}

const routeOf = (trace: TurnTraceState) =>
  `${trace.route ?? 'open'}${trace.reason ? ` · ${trace.reason}` : ''}`;

async function showTurn(turnId: string): Promise<void> {
  byId('trace-error').hidden = true;
  const response = await fetch(`traces/${encodeURIComponent(turnId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) return fail(response.status);
  const { trace, text: rendered } = (await response.json()) as RenderedTrace;
  byId('trace-route').textContent = routeOf(trace);
  byId('trace-chunks').replaceChildren(...chunkItems(trace));
  byId('trace-text').textContent = rendered;
}

async function showConversation(conversationId: string): Promise<void> {
  byId('trace-error').hidden = true;
  const response = await fetch(`conversations/${encodeURIComponent(conversationId)}/traces`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  byId('trace-turns').replaceChildren();
  if (!response.ok) return fail(response.status);
  const { traces } = (await response.json()) as { traces: RenderedTrace[] };
  for (const { trace, text: rendered } of traces) {
    const section = el('section', { class: 'escalation', 'data-turn-id': trace.turnId });
    const chunks = el('ol', { class: 'transcript' });
    chunks.replaceChildren(...chunkItems(trace));
    section.append(
      el('h2', { dir: 'ltr' }, `${routeOf(trace)} · ${trace.turnId}`),
      chunks,
      el('pre', { dir: 'auto' }, rendered),
    );
    byId('trace-turns').append(section);
  }
}

const show = (id: string) => (admin ? showConversation(id) : showTurn(id));
text.label(byId('trace-title'), admin ? 'trace.conversationTitle' : 'trace.turnTitle');
text.label(document.querySelector('title')!, admin ? 'trace.conversationTitle' : 'trace.turnTitle');
text.label(
  byId('trace-turn'),
  admin ? 'trace.conversationId' : 'trace.turnId',
  undefined,
  'placeholder',
);
if (admin) {
  document.querySelector<HTMLElement>('main:not(#trace-turns)')!.hidden = true;
  byId('trace-turns').hidden = false;
}
const back = byId('trace-back', HTMLAnchorElement);
text.label(back, admin ? 'trace.backToConsole' : 'trace.backToDashboard');
back.href = admin ? '../admin' : '../dashboard';

byId('trace-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const id = byId('trace-turn', HTMLInputElement).value.trim();
  history.replaceState(null, '', `?${param}=${encodeURIComponent(id)}`);
  void show(id);
});
const initial = new URLSearchParams(location.search).get(param);
if (initial) {
  byId('trace-turn', HTMLInputElement).value = initial;
  void show(initial);
}
