import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { signWebhookBody } from '../inbound/webhook-signature.js';
import { metaJson, metaMessageId } from './webhook-fixtures.js';

/** A message the fake accepted on `POST /{version}/{phone-number-id}/messages`. */
export interface SentMessage {
  readonly id: string;
  readonly to: string;
  readonly type: 'text' | 'interactive' | 'template';
  /** The request body as sent (Meta's shape). */
  readonly body: Record<string, unknown>;
  /** The text a customer reads: the text body, the buttons' body, or the template's parameter. */
  readonly text: string;
}

/** A Graph API error the fake answers with (Meta's error response shape). */
export interface FakeGraphError {
  readonly code: number;
  readonly message: string;
  readonly details?: string;
  /** HTTP status; Meta answers most WhatsApp errors with 400. */
  readonly status?: number;
}

export interface HeldSend {
  /** Resolves when the held request has arrived. */
  readonly arrived: Promise<void>;
  /** Resolves when the client that sent it has gone (its connection closed unanswered). */
  readonly clientGone: Promise<void>;
  /** Answers it (a client gone by then never sees the answer, and the message counts as unsent). */
  release(): void;
}

interface StoredMedia {
  readonly bytes: Buffer;
  readonly mimeType: string;
}

/**
 * A local stand-in for the WhatsApp Cloud API (point `WHATSAPP_GRAPH_URL` at `baseUrl`), built
 * from what Meta publishes (see webhook-fixtures.ts and graph/graph-wire.ts for the sources):
 * - `POST /{version}/{phone-number-id}/messages`: text (≤ 4,096 characters), interactive reply
 *   buttons (≤ 3, titles ≤ 20, body ≤ 1,024), templates, and `status: read` with a typing
 *   indicator; answered `{ messaging_product, contacts, messages: [{ id }] }` or `{ success }`;
 * - `GET /{version}/{media-id}`: `{ url, mime_type, sha256, file_size, id }`, the URL served by
 *   the fake with the same bearer token;
 * - errors as Graph sends them (`{ error: { message, type, code, error_data, fbtrace_id } }`):
 *   scripted ones, and 131047 for free-form messages to a number whose window is closed.
 * It is also Meta's side of the webhook: it signs deliveries with the app secret and POSTs them.
 */
export class FakeGraphApi {
  readonly sent: SentMessage[] = [];
  /** Message ids marked read with a typing indicator, in order. */
  readonly typing: string[] = [];
  readonly mediaFetches: string[] = [];
  private server: Server | null = null;
  private seq = 0;
  private readonly media = new Map<string, StoredMedia>();
  private readonly closedWindows = new Set<string>();
  private failures: FakeGraphError[] = [];
  private held: { arrived: () => void; gone: () => void; answer: Promise<void> } | null = null;

  private constructor(
    readonly accessToken: string,
    readonly appSecret: string,
    readonly phoneNumberId: string,
  ) {}

  static async start(
    options: { accessToken?: string; appSecret?: string; phoneNumberId?: string } = {},
  ): Promise<FakeGraphApi> {
    const fake = new FakeGraphApi(
      options.accessToken ?? 'EAAG-test-token',
      options.appSecret ?? 'test-app-secret',
      options.phoneNumberId ?? '106540352242922',
    );
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    const address = this.server!.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}/`;
  }

  /** The WhatsApp service's settings for this fake. */
  env(verifyToken = 'test-verify-token'): Record<string, string> {
    return {
      WHATSAPP_ACCESS_TOKEN: this.accessToken,
      WHATSAPP_APP_SECRET: this.appSecret,
      WHATSAPP_VERIFY_TOKEN: verifyToken,
      WHATSAPP_PHONE_NUMBER_ID: this.phoneNumberId,
      WHATSAPP_GRAPH_URL: this.baseUrl,
    };
  }

  /** Messages sent to one number, in order. */
  sentTo(waId: string): SentMessage[] {
    return this.sent.filter((m) => m.to === waId);
  }

  /** A photo a customer sent: its media id, for an image webhook. */
  addMedia(bytes: Buffer, mimeType: string): { id: string; sha256: string } {
    const id = String(1_000_000_000_000 + this.media.size + 1);
    this.media.set(id, { bytes, mimeType });
    return { id, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Free-form messages to `waId` are refused with 131047 (their 24-hour window is closed). */
  closeWindow(waId: string): void {
    this.closedWindows.add(waId);
  }

  /** The next calls (any endpoint) are answered with these errors, one each. */
  failNext(...errors: FakeGraphError[]): void {
    this.failures.push(...errors);
  }

  /** Holds the next send until released (a kill in between leaves it unsent). */
  holdNextSend(): HeldSend {
    let arrived!: () => void;
    let gone!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const clientGone = new Promise<void>((resolve) => (gone = resolve));
    this.held = { arrived, gone, answer: new Promise<void>((resolve) => (release = resolve)) };
    return { arrived: arrival, clientGone, release };
  }

  /** POSTs `payload` to the webhook as Meta does (signed, non-ASCII escaped); returns the status. */
  async deliver(
    webhookUrl: string,
    payload: unknown,
    options: { signature?: string | null } = {},
  ): Promise<number> {
    const body = metaJson(payload);
    const signature =
      options.signature === undefined ? signWebhookBody(body, this.appSecret) : options.signature;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      await response.text();
      return response.status;
    } catch {
      return 0; // unreachable: Meta retries
    }
  }

  /** Delivers until the webhook answers 200, as Meta retries a failed delivery. */
  async deliverUntilAccepted(
    webhookUrl: string,
    payload: unknown,
    timeoutMs = 60_000,
  ): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      if ((await this.deliver(webhookUrl, payload)) === 200) return attempts;
      if (Date.now() > deadline) throw new Error(`webhook not accepted after ${attempts} attempts`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization !== `Bearer ${this.accessToken}`)
      return graphError(res, { code: 190, message: 'Invalid OAuth access token.', status: 401 });
    const failure = this.failures.shift();
    if (failure) return graphError(res, failure);
    const media = /^\/media\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && media) return this.serveMediaBytes(res, media[1]!);
    const path = /^\/v\d+\.\d+\/([^/]+)(?:\/(messages))?$/.exec(url.pathname);
    if (!path) return graphError(res, { code: 100, message: `Unknown path ${url.pathname}` });
    if (req.method === 'GET' && !path[2]) return this.serveMediaInfo(res, path[1]!);
    if (req.method === 'POST' && path[2] === 'messages' && path[1] === this.phoneNumberId)
      return this.accept(req, res, raw);
    return graphError(res, { code: 100, message: `Unsupported ${req.method} ${url.pathname}` });
  }

  private async accept(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return graphError(res, { code: 100, message: 'Invalid JSON' });
    }
    if (body.messaging_product !== 'whatsapp')
      return graphError(res, { code: 100, message: 'messaging_product must be whatsapp' });
    if (body.status === 'read') {
      if (typeof body.message_id !== 'string')
        return graphError(res, { code: 100, message: 'message_id is required' });
      this.typing.push(body.message_id);
      return json(res, 200, { success: true });
    }
    const problem = checkMessage(body);
    if (problem) return graphError(res, { code: 131009, message: problem });
    const to = String(body.to);
    if (body.type !== 'template' && this.closedWindows.has(to))
      return graphError(res, {
        code: 131047,
        message: '(#131047) Re-engagement message',
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      });
    const held = this.held;
    this.held = null;
    if (held) {
      held.arrived();
      let gone = false;
      res.on('close', () => {
        gone = !res.writableFinished;
        if (gone) held.gone();
      });
      await held.answer;
      // The client died waiting: Graph never took the message.
      if (gone || res.destroyed) return;
    }
    this.seq += 1;
    const id = metaMessageId(to, `FAKE${this.seq}${randomBytes(6).toString('hex').toUpperCase()}`);
    this.sent.push({
      id,
      to,
      type: body.type as SentMessage['type'],
      body,
      text: textOf(body),
    });
    json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id }],
    });
    void req;
  }

  private serveMediaInfo(res: ServerResponse, mediaId: string): void {
    const media = this.media.get(mediaId);
    if (!media)
      return graphError(res, {
        code: 100,
        message: `Unsupported get request. Object with ID '${mediaId}' does not exist`,
      });
    this.mediaFetches.push(mediaId);
    json(res, 200, {
      messaging_product: 'whatsapp',
      url: `${this.baseUrl}media/${mediaId}`,
      mime_type: media.mimeType,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      file_size: String(media.bytes.length),
      id: mediaId,
    });
  }

  private serveMediaBytes(res: ServerResponse, mediaId: string): void {
    const media = this.media.get(mediaId);
    if (!media) return graphError(res, { code: 100, message: 'not found', status: 404 });
    res.writeHead(200, { 'content-type': media.mimeType, 'content-length': media.bytes.length });
    res.end(media.bytes);
  }
}

/** Meta's limits on what it accepts, as its messages reference states them. */
function checkMessage(body: Record<string, unknown>): string | null {
  if (typeof body.to !== 'string' || !/^\d{6,20}$/.test(body.to)) return 'to must be a WhatsApp id';
  const text = body.text as { body?: unknown } | undefined;
  const interactive = body.interactive as
    | {
        type?: string;
        body?: { text?: unknown };
        action?: { buttons?: { reply?: { id?: unknown; title?: unknown } }[] };
      }
    | undefined;
  const template = body.template as
    | {
        name?: unknown;
        language?: { code?: unknown };
        components?: { parameters?: { text?: unknown }[] }[];
      }
    | undefined;
  switch (body.type) {
    case 'text':
      if (typeof text?.body !== 'string' || text.body === '') return 'text.body is required';
      return text.body.length > 4096 ? 'text.body is longer than 4096 characters' : null;
    case 'interactive': {
      const buttons = interactive?.action?.buttons ?? [];
      const bodyText = interactive?.body?.text;
      if (interactive?.type !== 'button') return 'only reply buttons are supported here';
      if (typeof bodyText !== 'string' || bodyText === '' || bodyText.length > 1024)
        return 'interactive.body.text must be 1 to 1024 characters';
      if (buttons.length < 1 || buttons.length > 3) return 'reply buttons: 1 to 3';
      return buttons.every(
        (b) =>
          typeof b.reply?.id === 'string' &&
          b.reply.id.length <= 256 &&
          typeof b.reply.title === 'string' &&
          b.reply.title.length >= 1 &&
          b.reply.title.length <= 20,
      )
        ? null
        : 'a button needs an id (≤ 256) and a title (1 to 20 characters)';
    }
    case 'template': {
      if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string')
        return 'template.name and template.language.code are required';
      const parameters = template.components?.flatMap((c) => c.parameters ?? []) ?? [];
      const bad = parameters.find((p) => typeof p.text !== 'string' || /[\n\t]| {5,}/.test(p.text));
      return bad
        ? 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces'
        : null;
    }
    default:
      return `type ${String(body.type)} is not supported here`;
  }
}

function textOf(body: Record<string, unknown>): string {
  if (body.type === 'text') return String((body.text as { body: string }).body);
  if (body.type === 'interactive')
    return String((body.interactive as { body: { text: string } }).body.text);
  const template = body.template as { components?: { parameters?: { text?: string }[] }[] };
  return (
    template.components
      ?.flatMap((c) => c.parameters ?? [])
      .map((p) => p.text ?? '')
      .join(' ') ?? ''
  );
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Graph's error body (…/whatsapp/support/error-codes: "Error response syntax"). */
function graphError(res: ServerResponse, error: FakeGraphError): void {
  json(res, error.status ?? 400, {
    error: {
      message: error.message,
      type: 'OAuthException',
      code: error.code,
      error_data: { messaging_product: 'whatsapp', details: error.details ?? error.message },
      fbtrace_id: 'A2zxq6PvKRlwnYcBUgXn7Vb',
    },
  });
}
