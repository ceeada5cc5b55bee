// Customer web chat: talks the gateway WebSocket protocol of services/gateway/PROTOCOL.md. One
// language per page (the customer's choice, else the language they write in, else the browser's);
// nothing that came from the server or the customer is ever parsed as HTML.
import type { AttachmentFrame, ClientFrame, MessageFrame } from '../../../chat/client-frames.js';
import type { HistoryEntry, ServerFrame } from '../../../chat/server-frames.js';
import { byId } from '../shared/dom.js';
import { chosenLanguage, type MessageId, pageText } from '../shared/i18n.js';
import { languageOfText } from '../shared/text-direction.js';
import { MessageList } from './message-list.js';
import { Outbox } from './outbox.js';
import { type ChatEntry, MessageRenderer } from './render-messages.js';
import {
  customerFromToken,
  newClientMessageId,
  requestDemoToken,
  sessionStillValid,
  tokenExpired,
} from './session-token.js';

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

const PROTOCOL = window.GatewayProtocol;
const MAX_TEXT_CHARS = PROTOCOL.chat.messageMaxChars;
const MAX_ATTACHMENT_BYTES = PROTOCOL.chat.attachmentMaxBytes;
const ALLOWED_IMAGE_TYPES: readonly string[] = PROTOCOL.chat.attachmentMimeTypes;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 15000;
// 4401 is the gateway's "bad token" close code, 1008 the generic policy violation.
const AUTH_CLOSE_CODES = new Set([4401, 1008]);
const TOKEN_KEY = 'chat.token';
const CUSTOMER_KEY = 'chat.customerId';
const conversationKey = (customerId: string | null) => `chat.conversationId.${customerId}`;

/** What the customer reads for each refusal: never the code. */
const ERROR_TEXT: Partial<Record<string, MessageId>> = {
  bad_frame: 'chat.error.badFrame',
  payload_too_large: 'chat.error.tooLong',
  rate_limited: 'chat.error.rateLimited',
  unauthenticated: 'chat.error.sessionExpired',
  forbidden: 'chat.error.forbidden',
};

function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
}

const ui = {
  app: byId('app'),
  login: byId('login'),
  loginForm: byId('login-form', HTMLFormElement),
  loginInput: byId('login-customer', HTMLInputElement),
  loginSubmit: byId('login-submit', HTMLButtonElement),
  loginError: byId('login-error'),
  chat: byId('chat'),
  who: byId('who'),
  logout: byId('logout', HTMLButtonElement),
  conn: byId('conn-status'),
  connLabel: byId('conn-label'),
  errorBanner: byId('error-banner'),
  errorText: byId('error-text'),
  errorClose: byId('error-close', HTMLButtonElement),
  humanBanner: byId('human-banner'),
  humanBannerText: byId('human-banner-text'),
  withdraw: byId('withdraw', HTMLButtonElement),
  newConversation: byId('new-conversation', HTMLButtonElement),
  messages: byId('messages'),
  newMessages: byId('new-messages', HTMLButtonElement),
  typing: byId('typing'),
  composer: byId('composer', HTMLFormElement),
  input: byId('composer-input', HTMLTextAreaElement),
  send: byId('composer-send', HTMLButtonElement),
  file: byId('composer-file', HTMLInputElement),
  attach: byId('composer-attach'),
};

const text = pageText();
const renderer = new MessageRenderer(text, (option) => sendMessage(option.title, option.id));
const list = new MessageList(ui.messages, ui.newMessages, text);
const outbox = new Outbox(renderer, (frame) => state.ready && sendFrame(frame));

const state = {
  token: null as string | null,
  customerId: null as string | null,
  conversationId: null as string | null,
  ws: null as (WebSocket & { wasOpen?: boolean }) | null,
  ready: false,
  backoffAttempt: 0,
  reconnectTimer: undefined as number | undefined,
  // replyId and "at|text" keys already on screen, so replays after a reconnect don't duplicate.
  seenReplies: new Set<string>(),
  handoff: null as 'waiting' | 'joined' | null,
  conn: 'closed' as 'open' | 'connecting' | 'closed',
};

/** The page speaks the customer's language until they pick one with the switch. */
function followCustomerLanguage(words: string): void {
  if (!chosenLanguage() && words.trim()) text.use(languageOfText(words));
}

// ---------------------------------------------------------------------------------------------
// Session

function showLogin(reason?: MessageId): void {
  ui.chat.hidden = true;
  ui.logout.hidden = true;
  ui.newConversation.hidden = true;
  ui.who.hidden = true;
  ui.login.hidden = false;
  if (reason) text.label(ui.loginError, reason);
  ui.loginError.hidden = !reason;
  setConnState('closed');
  ui.loginInput.focus();
}

function startSession(token: string, customerId: string): void {
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
  text.label(ui.who, 'chat.signedInAs', { customer: customerId });
  ui.who.hidden = false;
  connect();
  ui.input.focus();
}

function signOut(reason?: MessageId): void {
  disconnect();
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(CUSTOMER_KEY);
  state.token = null;
  state.customerId = null;
  state.conversationId = null;
  outbox.clear();
  state.seenReplies.clear();
  list.reset();
  setHandoff(null);
  hideError();
  showLogin(reason);
}

async function onLoginSubmit(event: Event): Promise<void> {
  event.preventDefault();
  const customerId = ui.loginInput.value.trim();
  if (!customerId) return;
  ui.loginError.hidden = true;
  ui.loginSubmit.disabled = true;
  try {
    const session = await requestDemoToken(customerId);
    startSession(session.token, session.customerId);
  } catch {
    text.label(ui.loginError, 'chat.error.loginFailed');
    ui.loginError.hidden = false;
  } finally {
    ui.loginSubmit.disabled = false;
  }
}

/**
 * The token expired: get a fresh one the way the first came (the demo issuer, for the same
 * customer) and carry on in the same conversation; without a demo issuer the session has ended.
 */
async function renewSession(): Promise<void> {
  const customerId = state.customerId!;
  setConnState('connecting');
  const renewed = await requestDemoToken(customerId).catch(() => null);
  if (state.customerId !== customerId) return; // signed out meanwhile
  if (!renewed || renewed.customerId !== customerId || tokenExpired(renewed.token))
    return signOut('chat.error.sessionExpired');
  startSession(renewed.token, customerId);
}

// ---------------------------------------------------------------------------------------------
// Connection

function socketUrl(): string {
  // Relative to the page, so the chat also works behind a path prefix.
  const url = new URL('ws', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.toString();
}

function connect(): void {
  window.clearTimeout(state.reconnectTimer);
  state.reconnectTimer = undefined;
  if (!state.token) return;
  setConnState('connecting');
  // The token travels as a subprotocol: the gateway refuses one in the URL (logs, history).
  const ws: WebSocket & { wasOpen?: boolean } = new WebSocket(socketUrl(), [
    `${PROTOCOL.bearerSubprotocolPrefix}${state.token}`,
  ]);
  state.ws = ws;
  // Each listener ignores events from a socket already replaced or dropped.
  ws.addEventListener('open', () => {
    if (state.ws !== ws) return;
    ws.wasOpen = true;
    sendFrame(
      state.conversationId
        ? { type: 'hello', conversationId: state.conversationId }
        : { type: 'hello' },
    );
  });
  ws.addEventListener('message', (event) => {
    if (state.ws !== ws) return;
    let frame: unknown;
    try {
      frame = JSON.parse(String(event.data));
    } catch {
      return; // the server only sends JSON
    }
    if (frame && typeof frame === 'object') handleFrame(frame as ServerFrame);
  });
  ws.addEventListener('close', (event) => {
    if (state.ws === ws) onSocketClosed(event.code, !!ws.wasOpen);
  });
}

function disconnect(): void {
  window.clearTimeout(state.reconnectTimer);
  state.reconnectTimer = undefined;
  const ws = state.ws;
  state.ws = null;
  state.ready = false;
  if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, 'client closed');
  setComposerEnabled(false);
  setTyping(false);
}

function onSocketClosed(code: number, wasOpen: boolean): void {
  state.ws = null;
  state.ready = false;
  setComposerEnabled(false);
  setTyping(false);
  outbox.connectionLost();
  if (code === PROTOCOL.tokenExpiredCloseCode || tokenExpired(state.token)) {
    void renewSession();
    return;
  }
  if (AUTH_CLOSE_CODES.has(code)) return signOut('chat.error.sessionExpired');
  // A refused upgrade looks like a network failure to the browser: ask the gateway which it was.
  if (!wasOpen) {
    void sessionStillValid(state.token).then((valid) =>
      valid ? scheduleReconnect() : signOut('chat.error.sessionExpired'),
    );
    return;
  }
  scheduleReconnect();
}

function scheduleReconnect(): void {
  const delay = backoffDelay(state.backoffAttempt);
  state.backoffAttempt += 1;
  setConnState('closed');
  state.reconnectTimer = window.setTimeout(connect, delay);
}

/** Skip the remaining backoff when the browser says the network is back. */
function reconnectNow(): void {
  if (state.token && !state.ws && state.reconnectTimer) connect();
}

function sendFrame(frame: ClientFrame): boolean {
  const ws = state.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(frame));
  return true;
}

const CONN_LABEL = {
  open: 'chat.connection.open',
  connecting: 'chat.connection.connecting',
  closed: 'chat.connection.closed',
} as const satisfies Record<string, MessageId>;

function setConnState(conn: keyof typeof CONN_LABEL): void {
  state.conn = conn;
  ui.conn.dataset.state = conn;
  text.label(ui.connLabel, CONN_LABEL[conn]);
  text.label(ui.conn, CONN_LABEL[conn], undefined, 'title');
}

// ---------------------------------------------------------------------------------------------
// Server frames

function handleFrame(frame: ServerFrame): void {
  switch (frame.type) {
    case 'ready':
      return onReady(frame);
    case 'ack':
      return outbox.acknowledged(frame.clientMessageId, frame.messageId);
    case 'typing':
      return setTyping(!!frame.active);
    case 'reply':
      return onReply(frame);
    case 'handed_to_human':
      setHandoff('waiting');
      return list.append(renderer.noticeOf('chat.notice.handedOver', frame.at));
    case 'handed_back':
      setHandoff(null);
      return list.append(renderer.noticeOf('chat.notice.handedBack', frame.at));
    case 'error':
      return onError(frame);
    default:
      return undefined; // a newer server, an older page: frames it does not know are ignored
  }
}

function onReady(frame: Frame<'ready'>): void {
  state.conversationId = String(frame.conversationId);
  localStorage.setItem(conversationKey(state.customerId), state.conversationId);
  state.ready = true;
  state.backoffAttempt = 0;
  setConnState('open');
  setComposerEnabled(true);
  setHandoff(frame.handoff ?? (frame.humanActive ? 'waiting' : null));
  renderHistory(Array.isArray(frame.history) ? frame.history : []);
  outbox.resendUnconfirmed();
}

const historyKey = (at: string | null | undefined, words: string | null | undefined) =>
  `${at ?? ''}|${words ?? ''}`;

/** The server is the source of truth: redraw from history, keeping only unconfirmed bubbles. */
function renderHistory(history: readonly HistoryEntry[]): void {
  state.seenReplies.clear();
  const recorded = new Set(history.filter((h) => h.role === 'customer').map((h) => h.text));
  const kept = outbox.unconfirmed(recorded);
  const nodes = history.map((entry, index) => {
    state.seenReplies.add(historyKey(entry.at, entry.text));
    const node = renderer.render(entry as ChatEntry);
    // A question a later message answered offers its buttons no more (the picked one pressed).
    const answer = history.slice(index + 1).find((later) => later.role === 'customer');
    if (entry.options && answer)
      renderer.closeOptions(node, entry.options.find((o) => o.title === answer.text)?.id);
    return node;
  });
  list.reset([...nodes, ...kept]);
  const lastOwn = history.filter((h) => h.role === 'customer').at(-1);
  if (lastOwn) followCustomerLanguage(lastOwn.text);
}

function onReply(frame: Frame<'reply'>): void {
  const key = historyKey(frame.at, frame.text);
  if (state.seenReplies.has(frame.replyId) || state.seenReplies.has(key)) return;
  state.seenReplies.add(frame.replyId);
  state.seenReplies.add(key);
  list.append(renderer.render({ role: frame.kind === 'human' ? 'human' : 'agent', ...frame }));
  // A person stays "on" the conversation until the assistant answers again.
  if (frame.kind === 'answer') setHandoff(null);
  if (frame.kind === 'human') setHandoff('joined');
}

function onError(frame: Frame<'error'>): void {
  const reason = ERROR_TEXT[frame.code] ?? 'chat.error.unavailable';
  const seconds = Math.ceil((frame.retryAfterMs ?? 1000) / 1000);
  const forMessage =
    frame.clientMessageId !== undefined && outbox.refused(frame.clientMessageId, frame, reason);
  if (!forMessage) showError(frame.code, reason, { seconds });
  if (frame.code === 'unauthenticated') return signOut('chat.error.sessionExpired');
  // The stored conversation belongs to someone else (a shared browser): start a fresh one.
  if (frame.code === 'forbidden' && !frame.clientMessageId && state.conversationId) {
    localStorage.removeItem(conversationKey(state.customerId));
    state.conversationId = null;
    sendFrame({ type: 'hello' });
  }
}

// ---------------------------------------------------------------------------------------------
// What the page shows around the messages

function setTyping(active: boolean): void {
  ui.typing.hidden = !active;
  list.stick();
}

const HANDOFF_TEXT = {
  waiting: 'chat.handoff.waiting',
  joined: 'chat.handoff.joined',
} as const satisfies Record<string, MessageId>;

/** `waiting` (a colleague will reply), `joined` (one has replied) or null (the assistant). */
function setHandoff(handoff: 'waiting' | 'joined' | null): void {
  state.handoff = handoff;
  ui.humanBanner.hidden = handoff === null;
  ui.app.classList.toggle('human-active', handoff !== null);
  if (handoff === null) return;
  ui.humanBanner.dataset.handoff = handoff;
  text.label(ui.humanBannerText, HANDOFF_TEXT[handoff]);
  ui.withdraw.disabled = false;
}

function showError(code: string, reason: MessageId, values?: Record<string, number>): void {
  text.label(ui.errorText, reason, values);
  ui.errorBanner.dataset.code = code;
  ui.errorBanner.hidden = false;
}

function hideError(): void {
  ui.errorBanner.hidden = true;
}

function setComposerEnabled(enabled: boolean): void {
  // Typing stays possible while reconnecting; only sending waits for `ready`.
  ui.send.disabled = !enabled;
  ui.file.disabled = !enabled;
  ui.composer.classList.toggle('offline', !enabled);
}

// ---------------------------------------------------------------------------------------------
// Sending

function onComposerSubmit(event: Event): void {
  event.preventDefault();
  const words = ui.input.value.trim();
  if (!words || !state.ready) return;
  if (words.length > MAX_TEXT_CHARS)
    return showError('payload_too_large', 'chat.error.tooLong', { max: MAX_TEXT_CHARS });
  followCustomerLanguage(words);
  sendMessage(words);
  ui.input.value = '';
  autosizeInput();
  ui.input.focus();
}

/** A message of the customer's: typed, or an option picked (its title, and its id for the agent). */
function sendMessage(words: string, optionId?: string): void {
  if (!state.ready) return;
  const frame: MessageFrame = {
    type: 'message',
    clientMessageId: newClientMessageId(),
    text: words,
    ...(optionId ? { optionId } : {}),
  };
  // Any message answers the open question: its buttons are not offered again.
  renderer.closeOptions(document, optionId);
  const bubble = renderer.render({ role: 'customer', kind: 'customer', text: words });
  list.append(bubble, true);
  outbox.dispatch(frame, bubble, words);
  if (optionId) ui.input.focus();
}

function onComposerKeydown(event: KeyboardEvent): void {
  // Enter sends, Shift+Enter adds a line; never interrupt an IME composition.
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    ui.composer.requestSubmit();
  }
}

function autosizeInput(): void {
  ui.input.style.height = 'auto';
  ui.input.style.height = `${Math.min(ui.input.scrollHeight, 160)}px`;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function onFileChosen(): Promise<void> {
  const file = ui.file.files?.[0];
  ui.file.value = ''; // allow choosing the same file again
  if (!file) return;
  const kib = MAX_ATTACHMENT_BYTES / 1024;
  if (!ALLOWED_IMAGE_TYPES.includes(file.type))
    return showError('unsupported_type', 'chat.error.fileType');
  if (file.size > MAX_ATTACHMENT_BYTES)
    return showError('payload_too_large', 'chat.error.fileTooLarge', { kib });
  const dataUrl = await readAsDataUrl(file).catch(() => null);
  if (dataUrl === null) return showError('file_unreadable', 'chat.error.fileUnreadable');
  const caption = ui.input.value.trim().slice(0, MAX_TEXT_CHARS);
  const frame: AttachmentFrame = {
    type: 'attachment',
    clientMessageId: newClientMessageId(),
    fileName: file.name,
    mimeType: file.type as AttachmentFrame['mimeType'],
    dataBase64: dataUrl.slice(dataUrl.indexOf(',') + 1),
    ...(caption ? { text: caption } : {}),
  };
  const bubble = renderer.render({
    role: 'customer',
    kind: 'customer',
    text: caption,
    image: { src: dataUrl, name: file.name },
  });
  list.append(bubble, true);
  outbox.dispatch(frame, bubble, caption);
  ui.input.value = '';
  autosizeInput();
}

/** Takes back the pending request for a colleague; the server answers with `handed_back`. */
function withdrawRequest(): void {
  if (!state.ready) return;
  ui.withdraw.disabled = true;
  sendFrame({ type: 'withdraw', clientMessageId: newClientMessageId() });
}

/** Leaves the current conversation as it is (a pending request stays open) and starts afresh. */
function startNewConversation(): void {
  if (!state.ready) return;
  localStorage.removeItem(conversationKey(state.customerId));
  state.conversationId = null;
  state.ready = false;
  setComposerEnabled(false);
  setHandoff(null);
  sendFrame({ type: 'hello', newConversation: true });
}

// ---------------------------------------------------------------------------------------------
// Start

function boot(): void {
  // What the gateway accepts, so the form stops where the gateway would refuse.
  ui.loginInput.maxLength = PROTOCOL.chat.customerIdMaxChars;
  ui.input.maxLength = MAX_TEXT_CHARS;
  ui.file.accept = ALLOWED_IMAGE_TYPES.join(',');
  text.label(ui.attach, 'chat.attachPhoto', { kib: MAX_ATTACHMENT_BYTES / 1024 }, 'title');
  text.onChange(() => renderer.relabel(ui.messages));

  ui.loginForm.addEventListener('submit', (event) => void onLoginSubmit(event));
  ui.composer.addEventListener('submit', onComposerSubmit);
  ui.input.addEventListener('keydown', onComposerKeydown);
  ui.input.addEventListener('input', autosizeInput);
  ui.file.addEventListener('change', () => void onFileChosen());
  ui.errorClose.addEventListener('click', hideError);
  ui.logout.addEventListener('click', () => signOut());
  ui.withdraw.addEventListener('click', withdrawRequest);
  ui.newConversation.addEventListener('click', startNewConversation);
  window.addEventListener('online', reconnectNow);
  setConnState('closed');

  // Never a token from the URL: a link carrying one would sign the visitor in as its author.
  const saved = sessionStorage.getItem(TOKEN_KEY);
  if (saved && !tokenExpired(saved))
    return startSession(saved, sessionStorage.getItem(CUSTOMER_KEY) ?? customerFromToken(saved));
  showLogin();
}

boot();
