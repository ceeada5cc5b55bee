// Knowledge gaps: avoidable escalations an admin answered, grouped by the gateway, each with its
// questions, the admins' replies and how often it was asked. "Draft article" opens the gap's draft
// (the same one the Slack shortcut opens); the admin edits it and publishes or discards it.
// Everything from the server is written with textContent or an input's value, never as HTML.
import type { KnowledgeDraft, KnowledgeGap, WordingGap } from '@support/knowledge';
import { AdminSession, CONSOLE } from '../admin/session.js';
import { byId, el, partOf } from '../shared/dom.js';
import { type MessageId, pageText } from '../shared/i18n.js';
import { codeLabel, languageLabel } from '../shared/labels.js';
import { markLanguage } from '../shared/text-direction.js';

type ApiError = Error & { status?: number };
const PROTOCOL = window.GatewayProtocol;
const text = pageText();
const ui = {
  intro: byId('gaps-intro'),
  count: byId('gaps-count'),
  refresh: byId('gaps-refresh'),
  empty: byId('gaps-empty'),
  list: byId('gaps'),
  wording: byId('wording'),
  wordingList: byId('wording-gaps'),
  draftTemplate: byId('draft-template', HTMLTemplateElement),
};
let token: string | null = null;
let shown: KnowledgeGap[] = [];
let shownWording: WordingGap[] = [];

const field = (form: ParentNode, selector: string) => partOf(form, selector, HTMLInputElement);
// The editor stops where the gateway would refuse a draft (`kb.draft_*`).
field(ui.draftTemplate.content, '.draft-title').maxLength = PROTOCOL.drafts.titleMaxChars;
field(ui.draftTemplate.content, '.draft-topic').maxLength = PROTOCOL.drafts.topicMaxChars;

/** A moment in the page's language, the same instant on every admin's screen. */
const when = (iso: string | null | undefined) =>
  iso ? text.timeElement(iso, 'date') : el('span', {}, '—');

/** Calls the admin knowledge API; a refusal becomes an Error carrying the server's reason. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the routes answer different JSON shapes
async function api(path: string, options: RequestInit = {}): Promise<any> {
  const response = await fetch(new URL(`knowledge/${path}`, CONSOLE), {
    ...options,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const body = await response.json().catch(() => ({}));
  if (response.status === 401) session.signOut('admin.sessionEnded');
  if (!response.ok) {
    const error: ApiError = new Error(body.message || `(${response.status})`);
    error.status = response.status;
    throw error;
  }
  return body;
}

/** A refusal in words: the server's reason is for operators, the admin reads what to do. */
function refusalNote(node: Element, error: ApiError): void {
  const id: MessageId =
    error.status === 409
      ? 'gaps.error.conflict'
      : error.status === 400
        ? 'gaps.error.invalid'
        : 'gaps.error.failed';
  text.label(node, id);
  node.setAttribute('title', error.message);
}

function questionItem(question: KnowledgeGap['questions'][number]): HTMLElement {
  const item = el('li', {
    'data-escalation-id': question.escalationId,
    'data-language': question.language,
  });
  item.append(
    el('span', { class: 'badge language' }, languageLabel(text, question.language)),
    ' ',
    markLanguage(el('span', { class: 'question-text' }, question.question), question.question),
    ' ',
    when(question.openedAt),
  );
  return item;
}

function replyItem(reply: KnowledgeGap['questions'][number]['replies'][number]): HTMLElement {
  const item = el('li', { 'data-role': 'human', 'data-escalation-id': reply.escalationId });
  item.append(
    el('bdi', { class: 'reply-admin' }, reply.adminId),
    markLanguage(el('span', { class: 'reply-text' }, reply.text), reply.text),
  );
  return item;
}

function renderGap(gap: KnowledgeGap): HTMLElement {
  const card = el('section', {
    class: 'escalation gap',
    'data-gap-id': gap.gapId,
    'data-status': gap.status,
    'data-topic': gap.topic,
  });
  const header = el('h2');
  header.append(
    el('span', { class: 'badge topic' }, codeLabel(text, 'topic', gap.topic)),
    ' ',
    text.label(
      el('span', { class: 'badge status', 'data-status': gap.status }),
      `gaps.status.${gap.status}` as MessageId,
    ),
    ' ',
    text.label(el('span', { class: 'asked' }), 'gaps.asked', { count: gap.asked }),
  );
  const facts = el('dl', { class: 'summary facts' });
  const dd = (iso: string | null) => {
    const node = el('dd');
    node.append(when(iso));
    return node;
  };
  facts.append(
    text.label(el('dt'), 'gaps.firstAsked'),
    dd(gap.firstAskedAt),
    text.label(el('dt'), 'gaps.lastAsked'),
    dd(gap.lastAskedAt),
  );
  if (gap.docId)
    facts.append(
      text.label(el('dt'), 'gaps.article'),
      el('dd', { class: 'doc-id', dir: 'ltr' }, gap.docId),
    );
  const questions = el('ol', { class: 'transcript questions' });
  for (const question of gap.questions) questions.append(questionItem(question));
  const replies = el('ol', { class: 'transcript replies' });
  for (const question of gap.questions)
    for (const reply of question.replies) replies.append(replyItem(reply));
  const actions = el('div', { class: 'status gap-actions' });
  const draftButton = text.label(
    el('button', { class: 'draft-start', type: 'button' }),
    gap.status === 'drafted' ? 'gaps.openDraft' : 'gaps.draft',
  );
  draftButton.hidden = gap.status === 'closed';
  draftButton.addEventListener('click', () => void openDraft(card, gap.gapId, draftButton));
  actions.append(draftButton, el('span', { class: 'claim-note', role: 'status' }));
  card.append(
    header,
    facts,
    text.label(el('h3'), 'gaps.questions'),
    questions,
    text.label(el('h3'), 'gaps.replies'),
    replies,
    actions,
  );
  return card;
}

async function openDraft(
  card: HTMLElement,
  gapId: string,
  button: HTMLButtonElement,
): Promise<void> {
  const note = partOf(card, '.gap-actions .claim-note');
  note.textContent = '';
  button.disabled = true;
  try {
    const { draft } = await api(`gaps/${encodeURIComponent(gapId)}/drafts`, { method: 'POST' });
    showDraft(card, draft);
    button.hidden = true;
  } catch (error) {
    refusalNote(note, error as ApiError);
  } finally {
    button.disabled = false;
  }
}

function showDraft(card: HTMLElement, draft: KnowledgeDraft): void {
  card.querySelector('.draft-editor')?.remove();
  const form = ui.draftTemplate.content.firstElementChild!.cloneNode(true) as HTMLFormElement;
  text.translate(form);
  form.dataset.draftId = draft.draftId;
  field(form, '.draft-title').value = draft.title;
  field(form, '.draft-lang').value = draft.lang;
  field(form, '.draft-topic').value = draft.topic;
  field(form, '.draft-body').value = draft.body;
  const note = partOf(form, '.draft-note');
  const buttons = form.querySelectorAll('button');
  const busy = (on: boolean) => buttons.forEach((b) => (b.disabled = on));
  const path = `drafts/${encodeURIComponent(draft.draftId)}`;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    note.textContent = '';
    busy(true);
    try {
      const { docId } = await api(`${path}/publish`, {
        method: 'POST',
        body: JSON.stringify({
          title: field(form, '.draft-title').value,
          lang: field(form, '.draft-lang').value,
          topic: field(form, '.draft-topic').value,
          body: field(form, '.draft-body').value,
        }),
      });
      form.dataset.state = 'published';
      text.label(note, 'gaps.published', { docId });
      card.dataset.status = 'closed';
      form
        .querySelectorAll<HTMLInputElement>('input, select, textarea')
        .forEach((f) => (f.disabled = true));
    } catch (error) {
      refusalNote(note, error as ApiError);
      busy(false);
    }
  });
  partOf(form, '.draft-discard').addEventListener('click', async () => {
    note.textContent = '';
    busy(true);
    try {
      await api(`${path}/discard`, { method: 'POST' });
      form.remove();
      await loadGaps();
    } catch (error) {
      refusalNote(note, error as ApiError);
      busy(false);
    }
  });
  card.append(form);
  field(form, '.draft-title').focus();
}

function showGaps(gaps: KnowledgeGap[]): void {
  // A draft being edited stays open across a refresh (its gap is now "drafted").
  const editing = new Map(
    [...ui.list.querySelectorAll<HTMLElement>('.gap')]
      .filter((card) => card.querySelector('.draft-editor:not([data-state])'))
      .map((card) => [card.dataset.gapId, card.querySelector<HTMLFormElement>('.draft-editor')!]),
  );
  ui.list.replaceChildren(
    ...gaps.map((gap) => {
      const card = renderGap(gap);
      const form = editing.get(gap.gapId);
      if (form && gap.status !== 'closed') {
        partOf(card, '.draft-start').hidden = true;
        card.append(form);
      }
      return card;
    }),
  );
  const open = gaps.filter((gap) => gap.status !== 'closed').length;
  text.label(ui.count, 'gaps.count', { count: gaps.length, open });
  ui.empty.hidden = gaps.length > 0;
  ui.intro.hidden = false;
}

/** A section reached only through a clarification: which, how often, and the customers' words. */
function renderWordingGap(gap: WordingGap): HTMLElement {
  const card = el('section', { class: 'escalation gap wording-gap', 'data-doc-id': gap.docId });
  const header = el('h3', { class: 'wording-title' });
  header.append(
    markLanguage(el('span', { class: 'section-title' }, gap.section), gap.section),
    ' · ',
    text.label(el('span', { class: 'asked' }), 'gaps.wording.chosen', { count: gap.accepted }),
  );
  const facts = el('dl', { class: 'summary facts' });
  const lastChosen = el('dd');
  lastChosen.append(when(gap.lastChosenAt));
  facts.append(
    text.label(el('dt'), 'gaps.wording.document'),
    el('dd', { class: 'doc-id', dir: 'ltr' }, gap.docId),
    text.label(el('dt'), 'gaps.wording.lastChosen'),
    lastChosen,
  );
  const questions = el('ol', { class: 'transcript questions' });
  for (const question of gap.questions) {
    const item = el('li');
    item.append(markLanguage(el('span', { class: 'question-text' }, question), question));
    questions.append(item);
  }
  card.append(header, facts, text.label(el('h4'), 'gaps.wording.questions'), questions);
  return card;
}

function showWordingGaps(gaps: WordingGap[]): void {
  ui.wordingList.replaceChildren(...gaps.map(renderWordingGap));
  ui.wording.hidden = gaps.length === 0;
}

async function loadGaps(): Promise<void> {
  session.showError(null);
  try {
    const [gaps, wording] = await Promise.all([api('gaps'), api('wording-gaps')]);
    shown = (gaps as { gaps: KnowledgeGap[] }).gaps;
    shownWording = (wording as { wording: WordingGap[] }).wording;
    showGaps(shown);
    showWordingGaps(shownWording);
  } catch (error) {
    if ((error as ApiError).status !== 401) session.showError('gaps.error.failed');
  }
}

ui.refresh.addEventListener('click', () => void loadGaps());
text.onChange(() => {
  showGaps(shown);
  showWordingGaps(shownWording);
});

const session = new AdminSession(text, {
  onSignedIn: (signedIn) => {
    token = signedIn;
    return loadGaps();
  },
  onSignedOut: () => {
    token = null;
    ui.intro.hidden = true;
    ui.list.replaceChildren();
    ui.wording.hidden = true;
    ui.wordingList.replaceChildren();
  },
});
