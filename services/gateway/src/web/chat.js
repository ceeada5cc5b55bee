// @ts-check
// Customer web chat. Static, no build step, no dependencies.
// Talks the gateway WebSocket protocol described in services/gateway/PROTOCOL.md.
//
// Security rule for this file: nothing that came from the server or the user is ever
// parsed as HTML. Every node is built with createElement/textContent.
(() => {
  'use strict';

  // ---------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------

  // The gateway's own figures, from protocol.js (loaded before this script).
  const PROTOCOL = window.GatewayProtocol;
  const MAX_TEXT_CHARS = PROTOCOL.chat.messageMaxChars;
  const MAX_ATTACHMENT_BYTES = PROTOCOL.chat.attachmentMaxBytes;
  const MAX_ATTACHMENT_KIB = MAX_ATTACHMENT_BYTES / 1024;
  /** @type {readonly string[]} */
  const ALLOWED_IMAGE_TYPES = PROTOCOL.chat.attachmentMimeTypes;
  const BACKOFF_MIN_MS = 1000;
  const BACKOFF_MAX_MS = 15000;
  // 4401 is the gateway's "bad token" close code, 1008 is the generic policy violation.
  const AUTH_CLOSE_CODES = new Set([4401, 1008]);
  // The gateway closes the socket with this code when its token expires (PROTOCOL.md).
  const TOKEN_EXPIRED_CLOSE = PROTOCOL.tokenExpiredCloseCode;

  const TOKEN_KEY = 'chat.token';
  const CUSTOMER_KEY = 'chat.customerId';
  /** @param {string | null} customerId */
  const conversationKey = (customerId) => `chat.conversationId.${customerId}`;

  const ARABIC_CHAR = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
  const LETTER = /\p{L}/u;
  // A run of adjacent bracketed groups ("[a#1]" or "[a#1][b#2]"); parseCitations decides
  // whether the run is a citation.
  const BRACKET_RUN = /(?:\[[^[\]\n]{1,400}\])+/g;
  const BRACKET_INNER = /\[([^[\]\n]+)\]/g;
  // Shape of a chunk id (`returns-retail#2`) for markers the citations[] list does not name.
  const CHUNK_ID_SHAPE = /^[\p{L}\p{N}_.:/-]+#\d+$/u;
  const TRAILING_PUNCT = /^[.,;:!?\u060C\u061B\u061F\u06D4]+/;

  const T = {
    connOpen: 'Connected / متصل',
    connConnecting: 'Connecting… / جارٍ الاتصال…',
    connClosed: 'Offline / غير متصل',
    sending: 'Sending… / جارٍ الإرسال…',
    sent: 'Sent / تم الإرسال',
    failed: 'Not sent / لم يتم الإرسال',
    retry: 'Retry / إعادة المحاولة',
    supportTeam: 'Support team / فريق الدعم',
    sources: 'Sources / المصادر',
    handedOver:
      'Your conversation was passed to our support team. / تم تحويل محادثتك إلى فريق الدعم.',
    // The banner says "will reply" until a colleague's reply arrives, then "has joined".
    handoffWaiting: 'A colleague from our team will reply here / سيرد عليك أحد زملائنا هنا',
    handoffJoined: 'A colleague from our team has joined / انضم إليك أحد زملائنا',
    handedBack:
      'You are back with the assistant; ask your next question. / عدت إلى المساعد؛ اطرح سؤالك التالي.',
    connectionLost:
      'Connection lost before the message was confirmed. / انقطع الاتصال قبل تأكيد الرسالة.',
    notConnected: 'Not connected. / غير متصل.',
    tooLong: `Message is longer than ${MAX_TEXT_CHARS} characters. / الرسالة أطول من ${MAX_TEXT_CHARS} حرف.`,
    fileTooLarge: `This image is larger than ${MAX_ATTACHMENT_KIB} KiB. Please choose a smaller one. / حجم الصورة أكبر من ${MAX_ATTACHMENT_KIB} كيلوبايت. يرجى اختيار صورة أصغر.`,
    fileBadType:
      'Only JPEG, PNG or WebP images can be attached. / يمكن إرفاق صور JPEG أو PNG أو WebP فقط.',
    fileUnreadable: 'The image could not be read. / تعذّرت قراءة الصورة.',
    sessionExpired:
      'Your session has ended. Please sign in again. / انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    loginFailed: 'Could not start the chat. / تعذّر بدء المحادثة.',
    signedInAs: 'Signed in as / مسجّل باسم',
    attachPhoto: `Attach a photo (max ${MAX_ATTACHMENT_KIB} KiB) / أرفق صورة`,
  };

  /** @typedef {import('../chat/server-frames.js').ServerFrame} ChatServerFrame */
  /** @typedef {import('../chat/server-frames.js').HistoryEntry} ChatHistoryEntry */
  /** @typedef {import('@support/contracts').CitationDto} ChatCitation */
  /** @typedef {import('../chat/client-frames.js').HelloFrame} HelloFrame */
  /** @typedef {import('../chat/client-frames.js').MessageFrame} MessageFrame */
  /** @typedef {import('../chat/client-frames.js').AttachmentFrame} AttachmentFrame */
  /** @typedef {import('../chat/client-frames.js').ClientFrame} ChatClientFrame */
  /**
   * A message sent but not acked yet.
   * @typedef {{ frame: MessageFrame | AttachmentFrame, el: HTMLElement, text: string }} PendingMessage
   */
  /** @typedef {{ type: 'text', value: string } | { type: 'cite', chunkId: string, n: number }} Segment */
  /** @typedef {{ n: number, chunkId: string, title: string, docId: string }} Source */
  /** @typedef {WebSocket & { wasOpen?: boolean }} ChatSocket */

  // ---------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------

  const state = {
    /** @type {string | null} */
    token: null,
    /** @type {string | null} */
    customerId: null,
    /** @type {string | null} */
    conversationId: null,
    /** @type {string | null} */
    renderedConversationId: null, // which conversation #messages currently shows
    /** @type {ChatSocket | null} */
    ws: null,
    ready: false,
    backoffAttempt: 0,
    /** @type {number | undefined} */
    reconnectTimer: undefined,
    // clientMessageId -> { frame, el, text } for messages not yet acked.
    /** @type {Map<string, PendingMessage>} */
    pending: new Map(),
    // replyId and "at|text" keys already on screen, so replays after a reconnect don't duplicate.
    /** @type {Set<string>} */
    seenReplies: new Set(),
    domSeq: 0,
  };

  /** @type {ReturnType<typeof findUi>} */
  let ui;

  // ---------------------------------------------------------------------------
  // Pure helpers (exposed on window.ChatPage for tests)
  // ---------------------------------------------------------------------------

  /**
   * 'rtl' when Arabic-script letters are more than half of all letters, else 'ltr'.
   * @param {string | null | undefined} text
   */
  function textDirection(text) {
    let letters = 0;
    let arabic = 0;
    for (const ch of String(text || '')) {
      if (!LETTER.test(ch)) continue;
      letters += 1;
      if (ARABIC_CHAR.test(ch)) arabic += 1;
    }
    return letters > 0 && arabic / letters > 0.5 ? 'rtl' : 'ltr';
  }

  /**
   * Splits reply text into text and citation segments and numbers the sources.
   * Numbering follows first appearance in the text; citations[] entries never marked
   * in the text are appended so the Sources list still shows everything the server sent.
   * @param {string | null | undefined} text
   * @param {readonly Partial<ChatCitation>[] | null | undefined} citations
   * @returns {{ segments: Segment[], sources: Source[] }}
   */
  function parseCitations(text, citations) {
    const list = Array.isArray(citations) ? citations.filter((c) => c && c.chunkId != null) : [];
    const byId = new Map(list.map((c) => [String(c.chunkId), c]));
    /** @type {Map<string, number>} */
    const numbers = new Map();
    /** @param {string} id */
    const numberFor = (id) => {
      if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
      return /** @type {number} */ (numbers.get(id));
    };
    /** @param {string} id */
    const isCitation = (id) => byId.has(id) || CHUNK_ID_SHAPE.test(id);

    const source = String(text || '');
    /** @type {Segment[]} */
    const segments = [];
    let last = 0;
    for (const match of source.matchAll(BRACKET_RUN)) {
      // "[a#1]", "[a#1][b#2]" or "[a#1, b#2]"; an ordinary "[note]" stays as text.
      const ids = [
        ...new Set(
          [...match[0].matchAll(BRACKET_INNER)]
            .flatMap((m) => m[1].split(/[,;\u060C]/))
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0 || !ids.every(isCitation)) continue;
      // Footnote style: "days [a#1]." renders as "days.¹" so the mark never strands the period.
      const after = match.index + match[0].length;
      const punct = (TRAILING_PUNCT.exec(source.slice(after)) || [''])[0];
      pushText(segments, source.slice(last, match.index).replace(/[ \t]+$/, '') + punct);
      for (const id of ids) segments.push({ type: 'cite', chunkId: id, n: numberFor(id) });
      last = after + punct.length;
    }
    pushText(segments, source.slice(last));

    for (const id of byId.keys()) numberFor(id);
    const sources = [...numbers].map(([chunkId, n]) => {
      const c = byId.get(chunkId);
      return {
        n,
        chunkId,
        title: c && c.title != null ? String(c.title) : '',
        docId: c && c.docId != null ? String(c.docId) : '',
      };
    });
    return { segments, sources };
  }

  /**
   * @param {Segment[]} segments
   * @param {string} value
   */
  function pushText(segments, value) {
    if (value) segments.push({ type: 'text', value });
  }

  /** @param {Segment[]} segments */
  function plainText(segments) {
    return segments.map((s) => (s.type === 'text' ? s.value : '')).join('');
  }

  /**
   * Reads a JWT payload without verifying it (the gateway verifies); used for `sub` and `exp`.
   * @param {string | null} token
   * @returns {{ sub?: unknown, exp?: unknown } | null}
   */
  function decodeJwtPayload(token) {
    try {
      const part = String(token).split('.')[1];
      if (!part) return null;
      const b64 = part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '=');
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return null;
    }
  }

  /** @param {string | null} token */
  function tokenExpired(token) {
    const payload = decodeJwtPayload(token);
    return !!(payload && typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now());
  }

  /** crypto.randomUUID only exists in secure contexts; plain-http deployments still need ids. */
  function newClientMessageId() {
    if (window.crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** @param {number} attempt */
  function backoffDelay(attempt) {
    return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  }

  /** @param {string | null | undefined} at */
  function formatTime(at) {
    if (!at) return '';
    const d = new Date(at);
    return Number.isNaN(d.getTime())
      ? ''
      : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string | null} [className]
   * @param {string | null} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  // ---------------------------------------------------------------------------
  // Session: login, token, sign out
  // ---------------------------------------------------------------------------

  /**
   * The element `selector` names (the page has every one asked for); `_type` only tells the
   * checker which element it is.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} selector
   * @param {new () => T} [_type]
   * @returns {T}
   */
  const find = (selector, _type) => /** @type {T} */ (document.querySelector(selector));

  function findUi() {
    return {
      app: find('.app'),
      login: find('#login'),
      loginForm: find('#login-form', HTMLFormElement),
      loginInput: find('#login-customer', HTMLInputElement),
      loginSubmit: find('#login-submit', HTMLButtonElement),
      loginError: find('#login-error'),
      chat: find('#chat'),
      who: find('#who'),
      logout: find('#logout', HTMLButtonElement),
      conn: find('#conn-status'),
      connLabel: find('#conn-status .conn-label'),
      errorBanner: find('#error-banner'),
      humanBanner: find('#human-banner'),
      humanBannerText: find('#human-banner-text'),
      withdraw: find('#withdraw', HTMLButtonElement),
      newConversation: find('#new-conversation', HTMLButtonElement),
      messages: find('#messages'),
      typing: find('#typing'),
      composer: find('#composer', HTMLFormElement),
      input: find('#composer-input', HTMLTextAreaElement),
      send: find('#composer-send', HTMLButtonElement),
      file: find('#composer-file', HTMLInputElement),
      attach: find('label[for="composer-file"]'),
    };
  }

  function boot() {
    ui = findUi();
    // What the gateway accepts, so the form stops where the gateway would refuse.
    ui.loginInput.maxLength = PROTOCOL.chat.customerIdMaxChars;
    ui.input.maxLength = MAX_TEXT_CHARS;
    ui.file.accept = ALLOWED_IMAGE_TYPES.join(',');
    ui.attach.title = T.attachPhoto;
    wireUi();

    // Never a token from the URL: a link carrying one would sign the visitor in as its author.
    const saved = sessionStorage.getItem(TOKEN_KEY);
    if (saved && !tokenExpired(saved)) {
      startSession(saved, sessionStorage.getItem(CUSTOMER_KEY) || customerFromToken(saved));
      return;
    }
    showLogin();
  }

  /** @param {string} token */
  function customerFromToken(token) {
    const payload = decodeJwtPayload(token);
    return payload && payload.sub ? String(payload.sub) : 'unknown';
  }

  /**
   * A token from the gateway's demo issuer (the embedded default's sign-in by customer id).
   * @param {string} customerId
   * @returns {Promise<{ token: string, customerId: string }>}
   */
  async function requestDemoToken(customerId) {
    const res = await fetch('auth/demo-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerId }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await res.json();
    if (!body || typeof body.token !== 'string' || !body.token)
      throw new Error('no token in response');
    return {
      token: body.token,
      customerId: body.customerId ? String(body.customerId) : customerId,
    };
  }

  /** @param {Event} event */
  async function onLoginSubmit(event) {
    event.preventDefault();
    const customerId = ui.loginInput.value.trim();
    if (!customerId) return;
    ui.loginError.hidden = true;
    ui.loginSubmit.disabled = true;
    try {
      const session = await requestDemoToken(customerId);
      startSession(session.token, session.customerId);
    } catch (caught) {
      const err = /** @type {Error | null | undefined} */ (caught);
      ui.loginError.textContent = `${T.loginFailed} (${err && err.message ? err.message : err})`;
      ui.loginError.hidden = false;
    } finally {
      ui.loginSubmit.disabled = false;
    }
  }

  /**
   * @param {string} token
   * @param {string} customerId
   */
  function startSession(token, customerId) {
    state.token = token;
    state.customerId = customerId;
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(CUSTOMER_KEY, customerId);
    state.conversationId = localStorage.getItem(conversationKey(customerId));
    state.backoffAttempt = 0;

    ui.login.hidden = true;
    ui.chat.hidden = false;
    ui.logout.hidden = false;
    ui.newConversation.hidden = false;
    ui.who.textContent = `${T.signedInAs}: ${customerId}`;
    ui.who.hidden = false;
    connect();
    ui.input.focus();
  }

  /**
   * Ends the session; `reason` (if any) is shown on the login form.
   * @param {string} [reason]
   */
  function signOut(reason) {
    disconnect();
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(CUSTOMER_KEY);
    state.token = null;
    state.customerId = null;
    state.conversationId = null;
    state.renderedConversationId = null;
    state.pending.clear();
    state.seenReplies.clear();
    ui.messages.replaceChildren();
    setHandoff(null);
    hideError();
    showLogin(reason);
  }

  /** @param {string} [reason] */
  function showLogin(reason) {
    ui.chat.hidden = true;
    ui.logout.hidden = true;
    ui.newConversation.hidden = true;
    ui.who.hidden = true;
    ui.login.hidden = false;
    ui.loginError.textContent = reason || '';
    ui.loginError.hidden = !reason;
    setConnState('closed');
    ui.loginInput.focus();
  }

  // ---------------------------------------------------------------------------
  // Connection
  // ---------------------------------------------------------------------------

  function socketUrl() {
    // Resolve relative to the page so the chat also works behind a path prefix.
    const url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    url.hash = '';
    return url.toString();
  }

  function connect() {
    clearTimeout(state.reconnectTimer);
    state.reconnectTimer = undefined;
    if (!state.token) return;
    setConnState('connecting');

    // The token travels as a subprotocol: the gateway refuses one in the URL (logs, history).
    const ws = /** @type {ChatSocket} */ (
      new WebSocket(socketUrl(), [`${PROTOCOL.bearerSubprotocolPrefix}${state.token}`])
    );
    state.ws = ws;
    // Each listener ignores events from a socket we have already replaced or dropped.
    ws.addEventListener('open', () => {
      if (state.ws !== ws) return;
      ws.wasOpen = true;
      /** @type {HelloFrame} */
      const hello = { type: 'hello' };
      if (state.conversationId) hello.conversationId = state.conversationId;
      sendFrame(hello);
    });
    ws.addEventListener('message', (event) => {
      if (state.ws !== ws) return;
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return; // not ours to show; the server only sends JSON
      }
      if (frame && typeof frame === 'object') handleFrame(frame);
    });
    ws.addEventListener('close', (event) => {
      if (state.ws !== ws) return;
      onSocketClosed(event.code, !!ws.wasOpen);
    });
    // 'error' is always followed by 'close', which does the work.
  }

  function disconnect() {
    clearTimeout(state.reconnectTimer);
    state.reconnectTimer = undefined;
    const ws = state.ws;
    state.ws = null;
    state.ready = false;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, 'client closed');
    setComposerEnabled(false);
    setTyping(false);
  }

  /**
   * @param {number} code
   * @param {boolean} wasOpen
   */
  function onSocketClosed(code, wasOpen) {
    state.ws = null;
    state.ready = false;
    setComposerEnabled(false);
    setTyping(false);
    failUnackedMessages();

    if (code === TOKEN_EXPIRED_CLOSE || tokenExpired(state.token)) {
      renewSession();
      return;
    }
    if (AUTH_CLOSE_CODES.has(code)) {
      signOut(T.sessionExpired);
      return;
    }
    // A refused upgrade looks like a network failure to the browser: ask the gateway which it was.
    if (!wasOpen) {
      checkSession().then((valid) => (valid ? scheduleReconnect() : signOut(T.sessionExpired)));
      return;
    }
    scheduleReconnect();
  }

  /**
   * The token expired: get a fresh one the way the first came (the demo issuer, for the same
   * customer) and carry on in the same conversation; where there is no demo issuer, the session
   * has ended.
   */
  async function renewSession() {
    const customerId = /** @type {string} */ (state.customerId);
    setConnState('connecting');
    let renewed = null;
    try {
      renewed = await requestDemoToken(customerId);
    } catch {
      renewed = null;
    }
    if (state.customerId !== customerId) return; // signed out meanwhile
    if (!renewed || renewed.customerId !== customerId || tokenExpired(renewed.token)) {
      signOut(T.sessionExpired);
      return;
    }
    startSession(renewed.token, customerId);
  }

  /** True unless the gateway says the token is no longer accepted (401/403). */
  async function checkSession() {
    try {
      const response = await fetch('auth/session', {
        headers: { Authorization: `Bearer ${state.token}` },
      });
      return response.status !== 401 && response.status !== 403;
    } catch {
      return true; // the gateway is unreachable: keep the session and retry
    }
  }

  function scheduleReconnect() {
    const delay = backoffDelay(state.backoffAttempt);
    state.backoffAttempt += 1;
    setConnState('closed');
    state.reconnectTimer = window.setTimeout(connect, delay);
  }

  /** Skip the remaining backoff when the browser tells us the network is back. */
  function reconnectNow() {
    if (state.token && !state.ws && state.reconnectTimer) connect();
  }

  /** @param {ChatClientFrame} frame */
  function sendFrame(frame) {
    const ws = state.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  /** @param {'open' | 'connecting' | 'closed'} connState */
  function setConnState(connState) {
    ui.conn.dataset.state = connState;
    const label =
      connState === 'open'
        ? T.connOpen
        : connState === 'connecting'
          ? T.connConnecting
          : T.connClosed;
    ui.connLabel.textContent = label;
    ui.conn.title = label;
  }

  // ---------------------------------------------------------------------------
  // Server frames
  // ---------------------------------------------------------------------------

  /** @param {ChatServerFrame} frame */
  function handleFrame(frame) {
    switch (frame.type) {
      case 'ready':
        return onReady(frame);
      case 'ack':
        return onAck(frame);
      case 'typing':
        return setTyping(!!frame.active);
      case 'reply':
        return onReply(frame);
      case 'handed_to_human':
        return onHandedToHuman();
      case 'handed_back':
        return onHandedBack(frame);
      case 'error':
        return onError(frame);
      default:
        return undefined; // newer server, older page: ignore unknown frames
    }
  }

  /** @param {Extract<ChatServerFrame, { type: 'ready' }>} frame */
  function onReady(frame) {
    if (frame.conversationId) {
      state.conversationId = String(frame.conversationId);
      localStorage.setItem(conversationKey(state.customerId), state.conversationId);
    }
    state.ready = true;
    state.backoffAttempt = 0;
    setConnState('open');
    setComposerEnabled(true);
    setHandoff(frame.handoff || (frame.humanActive ? 'waiting' : null));
    renderHistory(Array.isArray(frame.history) ? frame.history : []);
  }

  /** @param {Extract<ChatServerFrame, { type: 'ack' }>} frame */
  function onAck(frame) {
    const entry = state.pending.get(frame.clientMessageId);
    if (!entry) return;
    state.pending.delete(frame.clientMessageId);
    if (frame.messageId) entry.el.dataset.messageId = String(frame.messageId);
    setBubbleState(entry.el, 'sent');
  }

  /** @param {Extract<ChatServerFrame, { type: 'reply' }>} frame */
  function onReply(frame) {
    const key = historyKey(frame.at, frame.text);
    if ((frame.replyId && state.seenReplies.has(frame.replyId)) || state.seenReplies.has(key))
      return;
    if (frame.replyId) state.seenReplies.add(frame.replyId);
    state.seenReplies.add(key);

    renderReply({ kind: frame.kind, text: frame.text, citations: frame.citations, at: frame.at });
    // A person stays "on" the conversation until the assistant answers again.
    if (frame.kind === 'answer') setHandoff(null);
    if (frame.kind === 'human') setHandoff('joined');
  }

  function onHandedToHuman() {
    // `reason` is an internal routing code; the customer only needs to know a person is coming.
    setHandoff('waiting');
    renderSystemNotice(T.handedOver);
  }

  /** @param {Extract<ChatServerFrame, { type: 'handed_back' }>} frame */
  function onHandedBack(frame) {
    setHandoff(null);
    renderSystemNotice(T.handedBack, frame.at);
  }

  /** Takes back the pending request for a colleague; the server answers with `handed_back`. */
  function withdrawRequest() {
    if (!state.ready) return;
    ui.withdraw.disabled = true;
    state.domSeq += 1;
    sendFrame({ type: 'withdraw', clientMessageId: `w-${Date.now()}-${state.domSeq}` });
  }

  /** Leaves the current conversation as it is (a pending request stays open) and starts afresh. */
  function startNewConversation() {
    if (!state.ready) return;
    localStorage.removeItem(conversationKey(state.customerId));
    state.conversationId = null;
    state.ready = false;
    setComposerEnabled(false);
    setHandoff(null);
    sendFrame({ type: 'hello', newConversation: true });
  }

  /** @param {Extract<ChatServerFrame, { type: 'error' }>} frame */
  function onError(frame) {
    const code = frame.code ? String(frame.code) : 'error';
    const message = frame.message ? String(frame.message) : '';
    showError(code, message);
    if (frame.clientMessageId && state.pending.has(frame.clientMessageId)) {
      const entry = /** @type {PendingMessage} */ (state.pending.get(frame.clientMessageId));
      markFailed(frame.clientMessageId, message || code, !!frame.retryable);
      // A refused frame was not recorded, so a non-retryable one can be forgotten.
      if (!frame.retryable) state.pending.delete(frame.clientMessageId);
      entry.el.dataset.errorCode = code;
    }
    if (code === 'unauthenticated') signOut(T.sessionExpired);
    // The stored conversation belongs to someone else (a shared browser): start a fresh one.
    if (code === 'forbidden' && !frame.clientMessageId && state.conversationId) {
      localStorage.removeItem(conversationKey(state.customerId));
      state.conversationId = null;
      sendFrame({ type: 'hello' });
    }
  }

  // ---------------------------------------------------------------------------
  // History
  // ---------------------------------------------------------------------------

  /**
   * @param {string | null | undefined} at
   * @param {string | null | undefined} text
   */
  function historyKey(at, text) {
    return `${at || ''}|${text || ''}`;
  }

  /**
   * The server is the source of truth: redraw from history, keeping only unconfirmed local bubbles.
   * @param {ChatHistoryEntry[]} history
   */
  function renderHistory(history) {
    const sameConversation = state.renderedConversationId === state.conversationId;
    const customerTexts = new Set(
      history.filter((h) => roleOf(h) === 'customer').map((h) => String(h.text || '')),
    );
    // Unacked bubbles of this conversation that the server does not have yet: keep them visible (failed, retryable).
    const keep = sameConversation
      ? [...state.pending.values()].filter((p) => !customerTexts.has(p.text)).map((p) => p.el)
      : [];
    if (!sameConversation) state.pending.clear();
    for (const [id, p] of state.pending) if (!keep.includes(p.el)) state.pending.delete(id);

    ui.messages.replaceChildren();
    state.seenReplies.clear();
    state.renderedConversationId = state.conversationId;

    for (const item of history) renderHistoryItem(item);
    for (const node of keep) ui.messages.append(node);
    scrollToEnd(true);
  }

  /** @param {{ role?: string, kind?: string }} item */
  function roleOf(item) {
    const role = String(item.role || '').toLowerCase();
    if (role === 'customer' || role === 'user') return 'customer';
    if (role === 'human' || role === 'admin' || item.kind === 'human') return 'human';
    if (role === 'agent' || role === 'assistant' || role === 'bot') return 'agent';
    return 'system';
  }

  /** @param {ChatHistoryEntry} item */
  function renderHistoryItem(item) {
    const role = roleOf(item);
    state.seenReplies.add(historyKey(item.at, item.text));
    if (role === 'customer') {
      renderCustomerMessage({ text: item.text, at: item.at, state: 'sent' });
    } else if (role === 'system') {
      renderSystemNotice(String(item.text || ''), item.at);
    } else {
      const kind = role === 'human' ? 'human' : item.kind || 'answer';
      renderReply({ kind, text: item.text, citations: item.citations, at: item.at });
    }
  }

  // ---------------------------------------------------------------------------
  // Rendering
  // ---------------------------------------------------------------------------

  /**
   * A `.msg` element whose direction follows the majority script of `directionText`.
   * @param {string} role
   * @param {string} directionText
   */
  function makeBubble(role, directionText) {
    const bubble = el('div', 'msg');
    const dir = textDirection(directionText);
    bubble.dataset.role = role;
    bubble.dir = dir;
    bubble.dataset.dir = dir;
    if (dir === 'rtl') bubble.lang = 'ar';
    return bubble;
  }

  /**
   * @param {HTMLElement} bubble
   * @param {string} at
   */
  function appendMeta(bubble, at) {
    const meta = el('div', 'msg-meta');
    const time = formatTime(at);
    if (time) {
      const t = el('time', 'msg-time', time);
      t.dateTime = String(at);
      t.dir = 'auto'; // keep "12:17 PM" in order inside right-to-left bubbles
      meta.append(t);
    }
    bubble.append(meta);
    return meta;
  }

  /**
   * @param {{ text: string, imageSrc?: string, imageName?: string, at?: string, state: string }} message
   */
  function renderCustomerMessage({ text, imageSrc, imageName, at, state: msgState }) {
    const value = String(text || '');
    const bubble = makeBubble('customer', value);
    if (imageSrc) {
      const img = el('img', 'msg-thumb');
      img.src = imageSrc; // a data: URL we produced from the user's own file
      img.alt = imageName || 'attachment';
      img.decoding = 'async';
      bubble.append(img);
    }
    if (value) bubble.append(el('div', 'msg-body', value));
    const meta = appendMeta(bubble, at || new Date().toISOString());
    const status = el('span', 'msg-status');
    status.dir = 'auto';
    meta.append(status);
    setBubbleState(bubble, msgState);
    appendMessage(bubble, true);
    return bubble;
  }

  /**
   * @param {HTMLElement} bubble
   * @param {string} msgState
   * @param {string} [detail]
   */
  function setBubbleState(bubble, msgState, detail) {
    bubble.dataset.state = msgState;
    const status = bubble.querySelector('.msg-status');
    if (status)
      status.textContent =
        msgState === 'sending' ? T.sending : msgState === 'sent' ? T.sent : T.failed;
    bubble.querySelector('.msg-error')?.remove();
    bubble.querySelector('.msg-retry')?.remove();
    if (msgState === 'failed' && detail) bubble.append(el('div', 'msg-error', detail));
  }

  /** @param {{ kind: string, text: string, citations: ChatCitation[], at: string }} reply */
  function renderReply({ kind, text, citations, at }) {
    const replyKind = ['answer', 'abstention', 'holding', 'human'].includes(kind) ? kind : 'answer';
    const role = replyKind === 'human' ? 'human' : 'agent';
    const { segments, sources } = parseCitations(text, citations);
    // Direction ignores citation markers: they are Latin ids and would skew short Arabic replies.
    const bubble = makeBubble(role, plainText(segments));
    bubble.dataset.kind = replyKind;

    if (role === 'human') bubble.append(el('div', 'msg-label', T.supportTeam));

    const anchorBase = `src-${++state.domSeq}`;
    const body = el('div', 'msg-body');
    for (const seg of segments) {
      body.append(
        seg.type === 'text'
          ? document.createTextNode(seg.value)
          : citationMarker(seg, sources, anchorBase),
      );
    }
    bubble.append(body);
    if (sources.length > 0) bubble.append(sourcesList(sources, anchorBase));
    appendMeta(bubble, at);
    appendMessage(bubble, false);
    return bubble;
  }

  /**
   * @param {Extract<Segment, { type: 'cite' }>} seg
   * @param {Source[]} sources
   * @param {string} anchorBase
   */
  function citationMarker(seg, sources, anchorBase) {
    const sup = el('sup', 'cite');
    const link = el('a', null, String(seg.n));
    link.href = `#${anchorBase}-${seg.n}`;
    link.dataset.chunkId = seg.chunkId;
    const src = sources.find((s) => s.n === seg.n);
    link.title = src && src.title ? `${src.title} (${seg.chunkId})` : seg.chunkId;
    link.addEventListener('click', (event) => {
      // Scroll the source into view without rewriting the URL hash.
      event.preventDefault();
      const target = document.getElementById(`${anchorBase}-${seg.n}`);
      if (!target) return;
      target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      target.classList.remove('flash');
      void target.offsetWidth; // restart the highlight animation
      target.classList.add('flash');
    });
    sup.append(link);
    return sup;
  }

  /**
   * @param {Source[]} sources
   * @param {string} anchorBase
   */
  function sourcesList(sources, anchorBase) {
    const block = el('div', 'sources-block');
    block.append(el('div', 'sources-title', T.sources));
    const list = el('ol', 'sources');
    for (const s of sources) {
      const li = el('li');
      li.id = `${anchorBase}-${s.n}`;
      li.dataset.chunkId = s.chunkId;
      if (s.docId) li.dataset.docId = s.docId;
      const title = el('span', 'source-title', s.title || s.docId || s.chunkId);
      title.dir = 'auto';
      const chunk = el('code', 'source-chunk', s.chunkId);
      chunk.dir = 'ltr';
      li.append(title, ' ', chunk);
      list.append(li);
    }
    block.append(list);
    return block;
  }

  /**
   * @param {string} text
   * @param {string} [at]
   */
  function renderSystemNotice(text, at) {
    const bubble = makeBubble('system', text);
    bubble.append(el('div', 'msg-body', text));
    if (at) appendMeta(bubble, at);
    appendMessage(bubble, false);
    return bubble;
  }

  /**
   * @param {HTMLElement} node
   * @param {boolean} force
   */
  function appendMessage(node, force) {
    const m = ui.messages;
    const nearBottom = m.scrollHeight - m.scrollTop - m.clientHeight < 80;
    m.append(node);
    scrollToEnd(force || nearBottom);
  }

  /** @param {boolean} really */
  function scrollToEnd(really) {
    if (really) ui.messages.scrollTop = ui.messages.scrollHeight;
  }

  /** @param {boolean} active */
  function setTyping(active) {
    ui.typing.hidden = !active;
    if (active) scrollToEnd(true);
  }

  /**
   * `waiting` (a colleague will reply), `joined` (one has replied) or null (the assistant).
   * @param {'waiting' | 'joined' | null} handoff
   */
  function setHandoff(handoff) {
    const visible = handoff === 'waiting' || handoff === 'joined';
    ui.humanBanner.hidden = !visible;
    ui.app.classList.toggle('human-active', visible);
    if (!visible) return;
    ui.humanBanner.dataset.handoff = /** @type {string} */ (handoff);
    ui.humanBannerText.textContent = handoff === 'joined' ? T.handoffJoined : T.handoffWaiting;
    ui.withdraw.disabled = false;
  }

  /**
   * @param {string} code
   * @param {string} message
   */
  function showError(code, message) {
    /** @type {HTMLElement} */ (ui.errorBanner.querySelector('.alert-code')).textContent = code;
    /** @type {HTMLElement} */ (ui.errorBanner.querySelector('.alert-message')).textContent =
      message;
    ui.errorBanner.dataset.code = code;
    ui.errorBanner.hidden = false;
  }

  function hideError() {
    ui.errorBanner.hidden = true;
  }

  // ---------------------------------------------------------------------------
  // Sending
  // ---------------------------------------------------------------------------

  /** @param {boolean} enabled */
  function setComposerEnabled(enabled) {
    // Typing stays possible while reconnecting; only sending waits for `ready`.
    ui.send.disabled = !enabled;
    ui.file.disabled = !enabled;
    ui.composer.classList.toggle('offline', !enabled);
  }

  /**
   * Registers the bubble under its clientMessageId and sends the frame.
   * @param {MessageFrame | AttachmentFrame} frame
   * @param {HTMLElement} bubble
   * @param {string} text
   */
  function dispatch(frame, bubble, text) {
    state.pending.set(frame.clientMessageId, { frame, el: bubble, text });
    bubble.dataset.clientMessageId = frame.clientMessageId;
    if (!state.ready || !sendFrame(frame)) markFailed(frame.clientMessageId, T.notConnected, true);
  }

  /**
   * @param {string} clientMessageId
   * @param {string} detail
   * @param {boolean} retryable
   */
  function markFailed(clientMessageId, detail, retryable) {
    const entry = state.pending.get(clientMessageId);
    if (!entry) return;
    setBubbleState(entry.el, 'failed', detail);
    if (retryable) {
      const retry = el('button', 'msg-retry', T.retry);
      retry.type = 'button';
      retry.addEventListener('click', () => retrySend(clientMessageId));
      entry.el.append(retry);
    }
  }

  /** @param {string} clientMessageId */
  function retrySend(clientMessageId) {
    const entry = state.pending.get(clientMessageId);
    if (!entry) return;
    // Same clientMessageId, so a server that did record the first attempt can de-duplicate.
    setBubbleState(entry.el, 'sending');
    if (!state.ready || !sendFrame(entry.frame)) markFailed(clientMessageId, T.notConnected, true);
  }

  /** Messages in flight when the socket dropped may or may not be recorded; let the user retry. */
  function failUnackedMessages() {
    for (const [id, entry] of state.pending) {
      if (entry.el.dataset.state === 'sending') markFailed(id, T.connectionLost, true);
    }
  }

  /** @param {Event} event */
  function onComposerSubmit(event) {
    event.preventDefault();
    const text = ui.input.value.trim();
    if (!text || !state.ready) return;
    if (text.length > MAX_TEXT_CHARS) {
      showError('payload_too_large', T.tooLong);
      return;
    }
    /** @type {MessageFrame} */
    const frame = { type: 'message', clientMessageId: newClientMessageId(), text };
    const bubble = renderCustomerMessage({ text, state: 'sending' });
    dispatch(frame, bubble, text);
    ui.input.value = '';
    autosizeInput();
    ui.input.focus();
  }

  /** @param {KeyboardEvent} event */
  function onComposerKeydown(event) {
    // Enter sends, Shift+Enter adds a line; never interrupt an IME composition.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      ui.composer.requestSubmit();
    }
  }

  function autosizeInput() {
    ui.input.style.height = 'auto';
    ui.input.style.height = `${Math.min(ui.input.scrollHeight, 160)}px`;
  }

  async function onFileChosen() {
    const file = ui.file.files && ui.file.files[0];
    ui.file.value = ''; // allow choosing the same file again
    if (!file) return;
    if (!ALLOWED_IMAGE_TYPES.includes(file.type)) {
      showError('unsupported_type', T.fileBadType);
      return;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) {
      showError('payload_too_large', T.fileTooLarge);
      return;
    }
    let dataUrl;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      showError('file_unreadable', T.fileUnreadable);
      return;
    }
    const caption = ui.input.value.trim().slice(0, MAX_TEXT_CHARS);
    /** @type {AttachmentFrame} */
    const frame = {
      type: 'attachment',
      clientMessageId: newClientMessageId(),
      fileName: file.name,
      mimeType: /** @type {AttachmentFrame['mimeType']} */ (file.type),
      dataBase64: dataUrl.slice(dataUrl.indexOf(',') + 1),
    };
    if (caption) frame.text = caption;
    const bubble = renderCustomerMessage({
      text: caption,
      imageSrc: dataUrl,
      imageName: file.name,
      state: 'sending',
    });
    bubble.classList.add('has-attachment');
    dispatch(frame, bubble, caption);
    ui.input.value = '';
    autosizeInput();
  }

  /**
   * @param {File} file
   * @returns {Promise<string>}
   */
  function readAsDataUrl(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  // ---------------------------------------------------------------------------
  // Wiring
  // ---------------------------------------------------------------------------

  function wireUi() {
    ui.loginForm.addEventListener('submit', onLoginSubmit);
    ui.composer.addEventListener('submit', onComposerSubmit);
    ui.input.addEventListener('keydown', onComposerKeydown);
    ui.input.addEventListener('input', autosizeInput);
    ui.file.addEventListener('change', onFileChosen);
    /** @type {HTMLElement} */ (ui.errorBanner.querySelector('.alert-close')).addEventListener(
      'click',
      hideError,
    );
    ui.logout.addEventListener('click', () => signOut());
    ui.withdraw.addEventListener('click', withdrawRequest);
    ui.newConversation.addEventListener('click', startNewConversation);
    window.addEventListener('online', reconnectNow);
  }

  window.ChatPage = Object.freeze({ textDirection, parseCitations, backoffDelay });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else boot();
})();
