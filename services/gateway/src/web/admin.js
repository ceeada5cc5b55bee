// Admin console: the open escalations with summary and transcript, a reply box per escalation
// that does what a reply in the Slack thread does, and live updates over the admin WebSocket.
// Everything from the server is written with textContent, never as HTML.
(() => {
  'use strict';
  const TOKEN_KEY = 'support.admin.token';
  // The gateway closes a socket with this code when its token expires (PROTOCOL.md).
  const TOKEN_EXPIRED_CLOSE = 4001;
  const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g;
  const LETTERS = /\p{L}/gu;
  const ui = {
    login: document.getElementById('admin-login'),
    adminId: document.getElementById('admin-id'),
    status: document.getElementById('admin-conn-status'),
    error: document.getElementById('admin-error'),
    empty: document.getElementById('admin-empty'),
    list: document.getElementById('escalations'),
  };
  const cards = new Map(); // escalationId -> card element
  let socket = null;
  let counter = 0;

  /** Right-to-left when most letters are Arabic. */
  function directionOf(text) {
    const letters = (text.match(LETTERS) || []).length;
    const arabic = (text.match(ARABIC) || []).length;
    return letters > 0 && arabic / letters > 0.5 ? 'rtl' : 'ltr';
  }

  function el(tag, attributes = {}, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showError(message) {
    ui.error.textContent = message;
    ui.error.hidden = !message;
  }

  function refreshEmpty() {
    ui.empty.hidden = cards.size > 0;
  }

  function transcriptLine(line) {
    const item = el(
      'li',
      { 'data-role': line.role, 'data-kind': line.kind || '', dir: directionOf(line.text) },
      line.text,
    );
    item.title = line.at || '';
    return item;
  }

  function renderEscalation(escalation) {
    if (cards.has(escalation.escalationId)) return;
    const card = el('section', {
      class: 'escalation',
      'data-escalation-id': escalation.escalationId,
      'data-conversation-id': escalation.conversationId,
      'data-state': 'open',
    });
    const header = el('h2');
    header.append(
      el(
        'span',
        { class: 'badge', 'data-group': escalation.group },
        `${escalation.reason} · ${escalation.group}`,
      ),
      document.createTextNode(' '),
      el('span', { class: 'badge topic' }, escalation.topic || 'topic pending'),
    );
    const summary = el('dl', { class: 'summary' });
    for (const [label, value] of [
      ['Customer', escalation.customerId],
      ['Language', escalation.language],
      ['Question', escalation.question],
      [
        'Chunks',
        (escalation.chunks || []).map((c) => `${c.chunkId} (${c.score})`).join(', ') || '—',
      ],
    ]) {
      summary.append(
        el('dt', {}, label),
        el('dd', { dir: directionOf(String(value)) }, String(value)),
      );
    }
    const transcript = el('ol', { class: 'transcript' });
    for (const line of escalation.transcript || []) transcript.append(transcriptLine(line));
    const form = el('form', { class: 'reply' });
    const input = el('textarea', {
      class: 'reply-input',
      dir: 'auto',
      placeholder: 'Reply to the customer · الرد على العميل',
    });
    const send = el('button', { class: 'reply-send', type: 'submit' }, 'Send');
    form.append(input, send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
      const clientMessageId = `r${Date.now().toString(36)}${(counter += 1)}`;
      input.dataset.pending = clientMessageId;
      socket.send(
        JSON.stringify({
          type: 'reply',
          escalationId: escalation.escalationId,
          clientMessageId,
          text,
        }),
      );
    });
    card.append(header, summary, transcript, form);
    cards.set(escalation.escalationId, card);
    ui.list.append(card);
    refreshEmpty();
  }

  function onFrame(frame) {
    switch (frame.type) {
      case 'snapshot':
        cards.clear();
        ui.list.replaceChildren();
        for (const escalation of frame.escalations) renderEscalation(escalation);
        refreshEmpty();
        break;
      case 'escalation':
        renderEscalation(frame.escalation);
        break;
      case 'message':
        for (const card of cards.values())
          if (card.dataset.conversationId === frame.conversationId)
            card.querySelector('.transcript').append(transcriptLine(frame.line));
        break;
      case 'topic': {
        const card = cards.get(frame.escalationId);
        if (card) card.querySelector('.topic').textContent = frame.topic;
        break;
      }
      case 'resolved': {
        const card = cards.get(frame.escalationId);
        if (card) card.dataset.state = 'resolved';
        break;
      }
      case 'ack':
        for (const input of ui.list.querySelectorAll('.reply-input'))
          if (input.dataset.pending === frame.clientMessageId) {
            input.value = '';
            delete input.dataset.pending;
          }
        break;
      case 'error':
        showError(`${frame.code}: ${frame.message}`);
        break;
    }
  }

  function connect(token) {
    const url = new URL('ws', location.href.replace(/\/?$/, '/'));
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    // The token travels as a subprotocol: the gateway refuses one in the URL (logs, history).
    socket = new WebSocket(url, [`bearer.${token}`]);
    ui.status.dataset.state = 'connecting';
    socket.addEventListener('open', () => {
      ui.status.dataset.state = 'open';
      ui.login.hidden = true;
      socket.send(JSON.stringify({ type: 'hello' }));
    });
    socket.addEventListener('message', (event) => {
      try {
        onFrame(JSON.parse(event.data));
      } catch {
        /* the server only sends JSON */
      }
    });
    socket.addEventListener('close', (event) => {
      ui.status.dataset.state = 'closed';
      if (event.code === TOKEN_EXPIRED_CLOSE) {
        sessionStorage.removeItem(TOKEN_KEY);
        ui.login.hidden = false;
        showError('Your session has ended; sign in again.');
        return;
      }
      setTimeout(() => connect(token), 2000);
    });
  }

  ui.login.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError('');
    const response = await fetch('../auth/demo-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: ui.adminId.value.trim(), role: 'admin' }),
    });
    if (!response.ok) return showError(`sign-in failed (${response.status})`);
    const { token } = await response.json();
    sessionStorage.setItem(TOKEN_KEY, token);
    connect(token);
  });

  const saved = sessionStorage.getItem(TOKEN_KEY);
  if (saved) connect(saved);
})();
