// @ts-check
// Admin console: the queue of open escalations, longest waiting first, with filters, live waiting
// times, who handles each (claim / release), the summary and transcript, a link to the
// conversation's trace, and a reply box that does what a reply in the Slack thread does. Live
// updates come over the admin WebSocket. Everything from the server is written with textContent,
// never as HTML.
(() => {
  'use strict';
  const PROTOCOL = window.GatewayProtocol;
  const BIDI_CONTROLS = new RegExp(PROTOCOL.bidiControlsPattern, 'gu');
  const { showError } = window.AdminSession;
  const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g;
  const LETTERS = /\p{L}/gu;
  /** @typedef {import('../admin/admin-frames.js').AdminServerFrame} AdminServerFrame */
  /** @typedef {import('../admin/admin-frames.js').AdminEscalationView} AdminEscalationView */
  /** @typedef {import('../admin/admin-frames.js').AdminTranscriptLine} AdminTranscriptLine */
  /** @typedef {import('../admin/admin-frames.js').QueueFilter} QueueFilter */
  /**
   * @typedef {import('../admin/admin-frames.js').AdminQueueFrame
   *   | import('../admin/admin-frames.js').AdminClaimFrame
   *   | import('../admin/admin-frames.js').AdminReplyFrame} AdminClientFrame
   */
  /** @type {Array<keyof QueueFilter>} */
  const FILTERS = ['reason', 'group', 'topic', 'language'];
  // The page's own folder (/admin/), whether or not the address ends with a slash.
  const HERE = location.href.replace(/[?#].*$/, '').replace(/\/?$/, '/');
  /**
   * The element with this id (the page has every one asked for); `_type` only tells the checker
   * which element it is.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} id
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const $ = (id, _type) => /** @type {T} */ (document.getElementById(id));
  /**
   * The part of a card that `selector` names (every card has them all).
   * @template {HTMLElement} [T=HTMLElement]
   * @param {ParentNode} card
   * @param {string} selector
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const partOf = (card, selector, _type) => /** @type {T} */ (card.querySelector(selector));
  const ui = {
    status: $('admin-conn-status'),
    empty: $('admin-empty'),
    filters: $('queue-filters'),
    count: $('queue-count'),
    list: $('escalations'),
  };
  /** @type {Map<string, HTMLElement>} */
  const cards = new Map(); // escalationId -> card element
  /** @type {WebSocket | null} */
  let socket = null;
  let counter = 0;
  /** @type {string | null} */
  let me = null; // the signed-in admin's id
  /** @type {QueueFilter} */
  let filter = {};
  let filterOptionsShown = false;

  /**
   * Right-to-left when most letters are Arabic.
   * @param {string} text
   */
  function directionOf(text) {
    const letters = (text.match(LETTERS) || []).length;
    const arabic = (text.match(ARABIC) || []).length;
    return letters > 0 && arabic / letters > 0.5 ? 'rtl' : 'ltr';
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
    if (text !== undefined) node.textContent = withVisibleBidiControls(text);
    return node;
  }

  /**
   * Text as it was sent, not as it would render: a control that reorders what follows (U+202E)
   * is shown as its code point, so a reversed id cannot pass for another (the gateway refuses
   * them, but events may come from elsewhere).
   * @param {string} text
   */
  function withVisibleBidiControls(text) {
    return text.replace(
      BIDI_CONTROLS,
      (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
    );
  }

  /**
   * "45s", "3m 05s", "2h 07m", "3d 4h": how long the customer has been waiting.
   * @param {number} ms
   */
  function waited(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    /** @param {number} n */
    const pad = (n) => String(n).padStart(2, '0');
    if (s < 60) return `${s}s`;
    if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
    if (s < 86400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
    return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  }

  function tickWaitingTimes() {
    const now = Date.now();
    for (const card of cards.values()) {
      if (card.dataset.state !== 'open') continue;
      const opened = Date.parse(card.dataset.openedAt ?? '');
      partOf(card, '.waiting').textContent = Number.isNaN(opened)
        ? 'waiting'
        : `waiting ${waited(now - opened)}`;
    }
  }

  /** @param {HTMLElement} card */
  function matchesFilter(card) {
    return FILTERS.every((name) => {
      const wanted = filter[name];
      if (!wanted) return true;
      const value = card.dataset[name] || 'pending';
      return value === wanted;
    });
  }

  function refreshQueue() {
    let shown = 0;
    for (const card of cards.values()) {
      card.hidden = !matchesFilter(card);
      if (!card.hidden) shown += 1;
    }
    ui.empty.hidden = shown > 0;
    ui.count.textContent = `${shown} open`;
  }

  /** @param {AdminTranscriptLine} line */
  function transcriptLine(line) {
    const item = el(
      'li',
      { 'data-role': line.role, 'data-kind': line.kind || '', dir: directionOf(line.text) },
      line.text,
    );
    item.title = line.at || '';
    return item;
  }

  /**
   * Who handles the escalation, as the latest claim frame (highest sequence) says.
   * @param {HTMLElement} card
   * @param {string | null} holder
   * @param {number} sequence
   */
  function showClaim(card, holder, sequence) {
    if (sequence < Number(card.dataset.claimSequence || 0)) return;
    card.dataset.claimSequence = String(sequence);
    card.dataset.claimedBy = holder || '';
    const mine = holder !== null && holder === me;
    card.dataset.mine = String(mine);
    partOf(card, '.owner').textContent = holder
      ? mine
        ? 'handled by you'
        : `handled by ${holder}`
      : 'nobody handles this yet';
    const button = partOf(card, '.claim', HTMLButtonElement);
    button.dataset.action = mine ? 'release' : 'claim';
    button.textContent = mine ? 'Release' : 'Claim';
    button.disabled = holder !== null && !mine;
    const othersHold = holder !== null && !mine;
    partOf(card, '.reply-input', HTMLTextAreaElement).disabled = othersHold;
    partOf(card, '.reply-send', HTMLButtonElement).disabled = othersHold;
  }

  /**
   * The customer took the request back: kept in the queue (a reply still reaches them), marked.
   * @param {HTMLElement} card
   */
  function markWithdrawn(card) {
    if (card.dataset.withdrawn === 'true') return;
    card.dataset.withdrawn = 'true';
    partOf(card, 'h2').append(
      document.createTextNode(' '),
      el('span', { class: 'badge withdrawn' }, 'withdrawn by the customer'),
    );
  }

  /** @param {AdminClientFrame} frame */
  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  /** @param {AdminEscalationView} escalation */
  function renderEscalation(escalation) {
    if (cards.has(escalation.escalationId)) return;
    const card = el('section', {
      class: 'escalation',
      'data-escalation-id': escalation.escalationId,
      'data-conversation-id': escalation.conversationId,
      'data-state': 'open',
      'data-opened-at': escalation.openedAt,
      'data-reason': escalation.reason,
      'data-group': escalation.group,
      'data-topic': escalation.topic || '',
      'data-language': escalation.language,
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
      document.createTextNode(' '),
      el('span', { class: 'badge language' }, escalation.language),
    );
    const status = el('div', { class: 'status' });
    const claim = el('button', { class: 'claim', type: 'button', 'data-action': 'claim' }, 'Claim');
    claim.addEventListener('click', () => {
      partOf(card, '.claim-note').textContent = '';
      send({
        type: /** @type {'claim' | 'release'} */ (claim.dataset.action),
        escalationId: escalation.escalationId,
      });
    });
    const trace = el('a', { class: 'trace-link' }, 'Trace');
    trace.href = new URL(
      `trace?conversation=${encodeURIComponent(escalation.conversationId)}`,
      HERE,
    ).href;
    status.append(
      el('span', { class: 'waiting' }),
      el('span', { class: 'owner' }),
      claim,
      trace,
      el('span', { class: 'claim-note', role: 'status' }),
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
    const submit = el('button', { class: 'reply-send', type: 'submit' }, 'Send');
    form.append(input, submit);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
      const clientMessageId = `r${Date.now().toString(36)}${(counter += 1)}`;
      input.dataset.pending = clientMessageId;
      send({ type: 'reply', escalationId: escalation.escalationId, clientMessageId, text });
    });
    card.append(header, status, summary, transcript, form);
    showClaim(card, escalation.claimedBy || null, escalation.claimSequence || 0);
    if (escalation.withdrawnAt) markWithdrawn(card);
    cards.set(escalation.escalationId, card);
    // Oldest first: a live escalation goes before the first one opened after it.
    const later = [...cards.values()].find(
      (other) => other !== card && (other.dataset.openedAt ?? '') > escalation.openedAt,
    );
    ui.list.insertBefore(card, later || null);
    tickWaitingTimes();
    refreshQueue();
  }

  /** @param {Partial<Record<keyof QueueFilter, readonly string[]>>} options */
  function showFilterOptions(options) {
    if (filterOptionsShown) return;
    filterOptionsShown = true;
    for (const name of FILTERS) {
      const select = $(`filter-${name}`, HTMLSelectElement);
      select.replaceChildren(el('option', { value: '' }, 'all'));
      for (const value of options[name] || []) select.append(el('option', { value }, value));
      select.value = filter[name] || '';
    }
    ui.filters.hidden = false;
  }

  /** @param {AdminServerFrame} frame */
  function onFrame(frame) {
    switch (frame.type) {
      case 'snapshot':
        cards.clear();
        ui.list.replaceChildren();
        showFilterOptions(frame.filterOptions || {});
        for (const escalation of frame.escalations) renderEscalation(escalation);
        refreshQueue();
        break;
      case 'escalation':
        renderEscalation(frame.escalation);
        break;
      case 'message':
        for (const card of cards.values())
          if (card.dataset.conversationId === frame.conversationId)
            partOf(card, '.transcript').append(transcriptLine(frame.line));
        break;
      case 'topic': {
        const card = cards.get(frame.escalationId);
        if (card) {
          partOf(card, '.topic').textContent = frame.topic;
          card.dataset.topic = frame.topic;
          refreshQueue();
        }
        break;
      }
      case 'resolved': {
        const card = cards.get(frame.escalationId);
        if (card) {
          card.dataset.state = 'resolved';
          partOf(card, '.waiting').textContent = 'answered';
          partOf(card, '.claim', HTMLButtonElement).disabled = true;
        }
        break;
      }
      case 'withdrawn': {
        const card = cards.get(frame.escalationId);
        if (card) markWithdrawn(card);
        break;
      }
      case 'claimed':
      case 'claim_released': {
        const card = cards.get(frame.escalationId);
        if (card) showClaim(card, frame.type === 'claimed' ? frame.adminId : null, frame.sequence);
        break;
      }
      case 'claim_result':
        // The live claim frame (from the event log) updates every console, this one included.
        break;
      case 'claim_refused': {
        const card = cards.get(frame.escalationId);
        if (card) partOf(card, '.claim-note').textContent = frame.message;
        else showError(frame.message);
        break;
      }
      case 'ack':
        for (const input of /** @type {NodeListOf<HTMLTextAreaElement>} */ (
          ui.list.querySelectorAll('.reply-input')
        ))
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

  function readFilter() {
    /** @type {QueueFilter} */
    const next = {};
    for (const name of FILTERS) {
      const value = $(`filter-${name}`, HTMLSelectElement).value;
      // The menus hold the values the server offered (`filterOptions`).
      if (value) next[name] = /** @type {any} */ (value);
    }
    return next;
  }

  ui.filters.addEventListener('change', () => {
    filter = readFilter();
    refreshQueue();
    // The server filters too: the queue it sends is the whole matching queue, not a page of all.
    send({ type: 'queue', filter });
  });
  ui.filters.addEventListener('submit', (event) => event.preventDefault());

  /** @param {string} token */
  function connect(token) {
    const url = new URL('ws', HERE);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    // The token travels as a subprotocol: the gateway refuses one in the URL (logs, history).
    socket = new WebSocket(url, [`${PROTOCOL.bearerSubprotocolPrefix}${token}`]);
    ui.status.dataset.state = 'connecting';
    socket.addEventListener('open', () => {
      ui.status.dataset.state = 'open';
      send({ type: 'hello', filter });
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
      // The gateway closes a socket with this code when its token expires (PROTOCOL.md).
      if (event.code === PROTOCOL.tokenExpiredCloseCode) {
        session.signOut('Your session has ended; sign in again.');
        return;
      }
      setTimeout(() => connect(token), 2000);
    });
  }

  setInterval(tickWaitingTimes, 1000);
  const session = window.AdminSession.start({
    onSignedIn: (token, subject) => {
      me = subject;
      connect(token);
    },
    onSignedOut: () => {
      me = null;
    },
  });
})();
