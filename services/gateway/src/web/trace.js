// @ts-check
// Shows turn traces, text only, never HTML. Under /dashboard: one turn (`?turn=ID`) with the
// analyst token from the dashboard's sign-in. Under /admin: every turn of one conversation
// (`?conversation=ID`, linked from each escalation card) with the admin console's token.
(() => {
  'use strict';
  const admin = /^\/admin\//.test(location.pathname);
  const token = sessionStorage.getItem(admin ? 'support.admin.token' : 'support.analyst.token');
  const param = admin ? 'conversation' : 'turn';
  /**
   * The element with this id (the page has every one asked for); `_type` only tells the checker
   * which element it is.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} id
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const $ = (id, _type) => /** @type {T} */ (document.getElementById(id));

  /** @typedef {import('@support/persistence').TurnTraceState} TurnTrace */
  /** @typedef {{ trace: TurnTrace, text: string }} RenderedTrace */

  /**
   * @param {number} status
   * @param {string} notFound
   */
  function fail(status, notFound) {
    $('trace-error').textContent =
      status === 404
        ? notFound
        : status === 401 || status === 403
          ? `Not signed in with the right role (${status}): sign in on the ${admin ? 'admin console' : 'dashboard'} first`
          : `The server could not show this (${status}); try again`;
    $('trace-error').hidden = false;
  }

  /** @param {TurnTrace} trace */
  function chunkItems(trace) {
    return (trace.promptChunks ?? []).map((chunk) => {
      const item = document.createElement('li');
      item.dataset.chunkId = chunk.chunkId;
      item.dir = 'auto';
      item.textContent = `${chunk.chunkId} (${chunk.score}) ${chunk.text}`;
      return item;
    });
  }

  /** @param {TurnTrace} trace */
  const routeOf = (trace) => `${trace.route ?? 'open'}${trace.reason ? ` · ${trace.reason}` : ''}`;

  /** @param {string} turnId */
  async function showTurn(turnId) {
    $('trace-error').hidden = true;
    const response = await fetch(`traces/${encodeURIComponent(turnId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return fail(response.status, 'No trace for this turn');
    const { trace, text } = /** @type {RenderedTrace} */ (await response.json());
    $('trace-route').textContent = routeOf(trace);
    $('trace-chunks').replaceChildren(...chunkItems(trace));
    $('trace-text').textContent = text;
  }

  /** @param {string} conversationId */
  async function showConversation(conversationId) {
    $('trace-error').hidden = true;
    const response = await fetch(`conversations/${encodeURIComponent(conversationId)}/traces`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    $('trace-turns').replaceChildren();
    if (!response.ok) return fail(response.status, 'No traces for this conversation');
    const { traces } = /** @type {{ traces: RenderedTrace[] }} */ (await response.json());
    for (const { trace, text } of traces) {
      const section = document.createElement('section');
      section.className = 'escalation';
      section.dataset.turnId = trace.turnId;
      const title = document.createElement('h2');
      title.textContent = `${routeOf(trace)} · turn ${trace.turnId}`;
      const chunks = document.createElement('ol');
      chunks.className = 'transcript';
      chunks.replaceChildren(...chunkItems(trace));
      const rendered = document.createElement('pre');
      rendered.dir = 'auto';
      rendered.textContent = text;
      section.append(title, chunks, rendered);
      $('trace-turns').append(section);
    }
  }

  /** @param {string} id */
  const show = (id) => (admin ? showConversation(id) : showTurn(id));
  if (admin) {
    document.title = 'Conversation trace';
    $('trace-title').textContent = 'Conversation trace';
    $('trace-turn', HTMLInputElement).placeholder = 'conversation id';
    /** @type {HTMLElement} */ (document.querySelector('main:not(#trace-turns)')).hidden = true;
    $('trace-turns').hidden = false;
  }
  $('trace-back').textContent = admin ? '← console' : '← dashboard';
  $('trace-back', HTMLAnchorElement).href = admin ? '../admin' : '../dashboard';

  $('trace-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const id = $('trace-turn', HTMLInputElement).value.trim();
    history.replaceState(null, '', `?${param}=${encodeURIComponent(id)}`);
    show(id);
  });
  const initial = new URLSearchParams(location.search).get(param);
  if (initial) {
    $('trace-turn', HTMLInputElement).value = initial;
    show(initial);
  }
})();
