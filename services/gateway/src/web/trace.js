// Shows one turn's trace (analyst token from the dashboard's sign-in). Text only, never HTML.
(() => {
  'use strict';
  const token = sessionStorage.getItem('support.analyst.token');
  const $ = (id) => document.getElementById(id);

  async function show(turnId) {
    $('trace-error').hidden = true;
    const response = await fetch(`traces/${encodeURIComponent(turnId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) {
      $('trace-error').textContent =
        response.status === 404
          ? 'No trace for this turn'
          : `HTTP ${response.status} (sign in on the dashboard first)`;
      $('trace-error').hidden = false;
      return;
    }
    const { trace, text } = await response.json();
    $('trace-route').textContent =
      `${trace.route ?? 'open'}${trace.reason ? ` · ${trace.reason}` : ''}`;
    $('trace-chunks').replaceChildren(
      ...(trace.promptChunks ?? []).map((chunk) => {
        const item = document.createElement('li');
        item.dataset.chunkId = chunk.chunkId;
        item.dir = 'auto';
        item.textContent = `${chunk.chunkId} (${chunk.score}) ${chunk.text}`;
        return item;
      }),
    );
    $('trace-text').textContent = text;
  }

  $('trace-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const turnId = $('trace-turn').value.trim();
    history.replaceState(null, '', `?turn=${encodeURIComponent(turnId)}`);
    show(turnId);
  });
  const initial = new URLSearchParams(location.search).get('turn');
  if (initial) {
    $('trace-turn').value = initial;
    show(initial);
  }
})();
