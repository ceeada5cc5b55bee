// Shows turn traces, text only, never HTML. Under /dashboard: one turn (`?turn=ID`) with the
// analyst token from the dashboard's sign-in. Under /admin: every turn of one conversation
// (`?conversation=ID`, linked from each escalation card) with the admin console's token.
(() => {
  'use strict';
  const admin = /^\/admin\//.test(location.pathname);
  const token = sessionStorage.getItem(admin ? 'support.admin.token' : 'support.analyst.token');
  const param = admin ? 'conversation' : 'turn';
  const $ = (id) => document.getElementById(id);

  function fail(status, notFound) {
    $('trace-error').textContent =
      status === 404
        ? notFound
        : status === 401 || status === 403
          ? `Not signed in with the right role (${status}): sign in on the ${admin ? 'admin console' : 'dashboard'} first`
          : `The server could not show this (${status}); try again`;
    $('trace-error').hidden = false;
  }

  function chunkItems(trace) {
    return (trace.promptChunks ?? []).map((chunk) => {
      const item = document.createElement('li');
      item.dataset.chunkId = chunk.chunkId;
      item.dir = 'auto';
      item.textContent = `${chunk.chunkId} (${chunk.score}) ${chunk.text}`;
      return item;
    });
  }

  const routeOf = (trace) => `${trace.route ?? 'open'}${trace.reason ? ` · ${trace.reason}` : ''}`;

  async function showTurn(turnId) {
    $('trace-error').hidden = true;
    const response = await fetch(`traces/${encodeURIComponent(turnId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return fail(response.status, 'No trace for this turn');
    const { trace, text } = await response.json();
    $('trace-route').textContent = routeOf(trace);
    $('trace-chunks').replaceChildren(...chunkItems(trace));
    $('trace-text').textContent = text;
  }

  async function showConversation(conversationId) {
    $('trace-error').hidden = true;
    const response = await fetch(`conversations/${encodeURIComponent(conversationId)}/traces`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    $('trace-turns').replaceChildren();
    if (!response.ok) return fail(response.status, 'No traces for this conversation');
    const { traces } = await response.json();
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

  const show = (id) => (admin ? showConversation(id) : showTurn(id));
  if (admin) {
    document.title = 'Conversation trace';
    $('trace-title').textContent = 'Conversation trace';
    $('trace-turn').placeholder = 'conversation id';
    document.querySelector('main:not(#trace-turns)').hidden = true;
    $('trace-turns').hidden = false;
  }
  $('trace-back').textContent = admin ? '← console' : '← dashboard';
  $('trace-back').href = admin ? '../admin' : '../dashboard';

  $('trace-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const id = $('trace-turn').value.trim();
    history.replaceState(null, '', `?${param}=${encodeURIComponent(id)}`);
    show(id);
  });
  const initial = new URLSearchParams(location.search).get(param);
  if (initial) {
    $('trace-turn').value = initial;
    show(initial);
  }
})();
