// @ts-check
// Knowledge gaps: avoidable escalations an admin answered, grouped by the gateway, each with its
// questions, the admins' replies and how often it was asked. "Draft article" opens the gap's draft
// (the same one the Slack shortcut opens); the admin edits it and publishes or discards it.
// Everything from the server is written with textContent or an input's value, never as HTML.
(() => {
  'use strict';
  // The console's folder (/admin/), whether or not the address ends with a slash.
  const HERE = new URL('.', location.href.replace(/[?#].*$/, '').replace(/\/$/, ''));
  const STATUS_LABELS = {
    open: 'open',
    drafted: 'draft waiting for review',
    closed: 'closed by an article',
  };
  const PROTOCOL = window.GatewayProtocol;
  const { showError } = window.AdminSession;
  /**
   * The element with this id (the page has every one asked for); `_type` only tells the checker
   * which element it is.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} id
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const $ = (id, _type) => /** @type {T} */ (document.getElementById(id));
  const ui = {
    intro: $('gaps-intro'),
    count: $('gaps-count'),
    refresh: $('gaps-refresh'),
    empty: $('gaps-empty'),
    list: $('gaps'),
    draftTemplate: $('draft-template', HTMLTemplateElement),
  };
  /** @type {string | null} */
  let token = null;

  /** @typedef {import('@support/knowledge').KnowledgeGap} KnowledgeGap */
  /** @typedef {import('@support/knowledge').KnowledgeDraft} KnowledgeDraft */
  /** @typedef {Error & { status?: number }} ApiError */

  // The editor stops where the gateway would refuse a draft (`kb.draft_*`).
  const draftFields = ui.draftTemplate.content;
  fieldOf(draftFields, '.draft-title').maxLength = PROTOCOL.drafts.titleMaxChars;
  fieldOf(draftFields, '.draft-topic').maxLength = PROTOCOL.drafts.topicMaxChars;

  /**
   * A text field of the draft editor.
   * @param {ParentNode} form
   * @param {string} selector
   */
  function fieldOf(form, selector) {
    return /** @type {HTMLInputElement} */ (form.querySelector(selector));
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string>} [attributes]
   * @param {string} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attributes = {}, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /**
   * "2025-12-03 14:05 UTC": the same on every admin's screen.
   * @param {string | null | undefined} iso
   */
  function when(iso) {
    return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
  }

  /**
   * Calls the admin knowledge API; a refusal becomes an Error carrying the server's reason.
   * @param {string} path
   * @param {RequestInit} [options]
   * @returns {Promise<any>} the answer's body
   */
  async function api(path, options = {}) {
    const response = await fetch(new URL(`knowledge/${path}`, HERE), {
      ...options,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const body = await response.json().catch(() => ({}));
    if (response.status === 401) session.signOut('Your session has ended; sign in again.');
    if (!response.ok) {
      const error = /** @type {ApiError} */ (
        new Error(body.message || `The server refused (${response.status})`)
      );
      error.status = response.status;
      throw error;
    }
    return body;
  }

  /** @param {KnowledgeGap['questions'][number]} question */
  function questionItem(question) {
    // An Arabic question's row reads right to left, its language badge first on the right.
    const item = el('li', {
      'data-escalation-id': question.escalationId,
      'data-language': question.language,
      dir: question.language === 'ar' ? 'rtl' : 'ltr',
    });
    item.append(
      el('span', { class: 'badge language' }, question.language),
      document.createTextNode(' '),
      el('span', { class: 'question-text', dir: 'auto' }, question.question),
      el('span', { class: 'asked-at', dir: 'ltr' }, when(question.openedAt)),
    );
    return item;
  }

  /** @param {KnowledgeGap['questions'][number]['replies'][number]} reply */
  function replyItem(reply) {
    const item = el('li', { 'data-role': 'human', 'data-escalation-id': reply.escalationId });
    item.append(
      el('span', { class: 'reply-admin' }, reply.adminId),
      el('span', { class: 'reply-text', dir: 'auto' }, reply.text),
    );
    return item;
  }

  /** @param {KnowledgeGap} gap */
  function renderGap(gap) {
    const card = el('section', {
      class: 'escalation gap',
      'data-gap-id': gap.gapId,
      'data-status': gap.status,
      'data-topic': gap.topic,
    });
    const header = el('h2');
    header.append(
      el('span', { class: 'badge topic' }, gap.topic),
      document.createTextNode(' '),
      el('span', { class: 'badge status', 'data-status': gap.status }, STATUS_LABELS[gap.status]),
      document.createTextNode(' '),
      el('span', { class: 'asked' }, gap.asked === 1 ? 'asked once' : `asked ${gap.asked} times`),
    );
    const facts = el('dl', { class: 'summary facts' });
    for (const [label, value] of [
      ['First asked', when(gap.firstAskedAt)],
      ['Last asked', when(gap.lastAskedAt)],
    ])
      facts.append(el('dt', {}, label), el('dd', {}, value));
    if (gap.docId) facts.append(el('dt', {}, 'Article'), el('dd', { class: 'doc-id' }, gap.docId));

    const questions = el('ol', { class: 'transcript questions' });
    for (const question of gap.questions) questions.append(questionItem(question));
    const replies = el('ol', { class: 'transcript replies' });
    for (const question of gap.questions)
      for (const reply of question.replies) replies.append(replyItem(reply));

    const actions = el('div', { class: 'status gap-actions' });
    const draftButton = el(
      'button',
      { class: 'draft-start', type: 'button' },
      gap.status === 'drafted' ? 'Open draft' : 'Draft article',
    );
    draftButton.hidden = gap.status === 'closed';
    draftButton.addEventListener('click', () => openDraft(card, gap.gapId, draftButton));
    actions.append(draftButton, el('span', { class: 'claim-note', role: 'status' }));

    card.append(
      header,
      facts,
      el('h3', {}, 'Questions'),
      questions,
      el('h3', {}, 'Admin replies'),
      replies,
      actions,
    );
    return card;
  }

  /**
   * @param {HTMLElement} card
   * @param {string} gapId
   * @param {HTMLButtonElement} button
   */
  async function openDraft(card, gapId, button) {
    const note = /** @type {HTMLElement} */ (card.querySelector('.gap-actions .claim-note'));
    note.textContent = '';
    button.disabled = true;
    try {
      const { draft } = await api(`gaps/${encodeURIComponent(gapId)}/drafts`, { method: 'POST' });
      showDraft(card, draft);
      button.hidden = true;
    } catch (error) {
      note.textContent = /** @type {ApiError} */ (error).message;
    } finally {
      button.disabled = false;
    }
  }

  /**
   * @param {HTMLElement} card
   * @param {KnowledgeDraft} draft
   */
  function showDraft(card, draft) {
    card.querySelector('.draft-editor')?.remove();
    const form = /** @type {HTMLFormElement} */ (
      /** @type {Element} */ (ui.draftTemplate.content.firstElementChild).cloneNode(true)
    );
    form.dataset.draftId = draft.draftId;
    fieldOf(form, '.draft-title').value = draft.title;
    fieldOf(form, '.draft-lang').value = draft.lang;
    fieldOf(form, '.draft-topic').value = draft.topic;
    fieldOf(form, '.draft-body').value = draft.body;
    const note = /** @type {HTMLElement} */ (form.querySelector('.draft-note'));
    const buttons = form.querySelectorAll('button');
    /** @param {boolean} on */
    const busy = (on) => buttons.forEach((b) => (b.disabled = on));
    const path = `drafts/${encodeURIComponent(draft.draftId)}`;

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      note.textContent = '';
      busy(true);
      try {
        const { docId } = await api(`${path}/publish`, {
          method: 'POST',
          body: JSON.stringify({
            title: fieldOf(form, '.draft-title').value,
            lang: fieldOf(form, '.draft-lang').value,
            topic: fieldOf(form, '.draft-topic').value,
            body: fieldOf(form, '.draft-body').value,
          }),
        });
        form.dataset.state = 'published';
        note.textContent = `Published as ${docId}: it is being indexed.`;
        card.dataset.status = 'closed';
        const fields = /** @type {NodeListOf<HTMLInputElement>} */ (
          form.querySelectorAll('input, select, textarea')
        );
        fields.forEach((f) => (f.disabled = true));
      } catch (error) {
        note.textContent = /** @type {ApiError} */ (error).message;
        busy(false);
      }
    });
    /** @type {HTMLElement} */ (form.querySelector('.draft-discard')).addEventListener(
      'click',
      async () => {
        note.textContent = '';
        busy(true);
        try {
          await api(`${path}/discard`, { method: 'POST' });
          form.remove();
          await loadGaps();
        } catch (error) {
          note.textContent = /** @type {ApiError} */ (error).message;
          busy(false);
        }
      },
    );
    card.append(form);
    fieldOf(form, '.draft-title').focus();
  }

  async function loadGaps() {
    showError('');
    try {
      const { gaps } = /** @type {{ gaps: KnowledgeGap[] }} */ (await api('gaps'));
      // A draft being edited stays open across a refresh (its gap is now "drafted").
      const editing = new Map(
        [...ui.list.querySelectorAll('.gap')]
          .filter((card) => card.querySelector('.draft-editor:not([data-state])'))
          .map((card) => [
            /** @type {HTMLElement} */ (card).dataset.gapId,
            /** @type {HTMLFormElement} */ (card.querySelector('.draft-editor')),
          ]),
      );
      ui.list.replaceChildren(
        ...gaps.map((gap) => {
          const card = renderGap(gap);
          const form = editing.get(gap.gapId);
          if (form && gap.status !== 'closed') {
            /** @type {HTMLElement} */ (card.querySelector('.draft-start')).hidden = true;
            card.append(form);
          }
          return card;
        }),
      );
      const open = gaps.filter((gap) => gap.status !== 'closed').length;
      ui.count.textContent = `${gaps.length} ${gaps.length === 1 ? 'gap' : 'gaps'} · ${open} not closed`;
      ui.empty.hidden = gaps.length > 0;
      ui.intro.hidden = false;
    } catch (error) {
      const refused = /** @type {ApiError} */ (error);
      if (refused.status !== 401) showError(refused.message);
    }
  }

  ui.refresh.addEventListener('click', () => loadGaps());

  const session = window.AdminSession.start({
    onSignedIn: (signedIn) => {
      token = signedIn;
      return loadGaps();
    },
    onSignedOut: () => {
      token = null;
      ui.intro.hidden = true;
      ui.list.replaceChildren();
    },
  });
})();
