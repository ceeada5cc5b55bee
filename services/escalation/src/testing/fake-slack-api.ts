import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One Web API call the fake received. */
export interface RecordedCall {
  readonly method: string;
  readonly args: Record<string, unknown>;
  readonly at: number;
  /** What the fake answered: 200, 429 or the failure status. */
  readonly status: number;
}

export interface PostedMessage {
  readonly channel: string;
  readonly ts: string;
  readonly text: string;
  readonly threadTs?: string;
}

/** A modal the app opened with `views.open`. */
export interface OpenedView {
  readonly viewId: string;
  readonly triggerId: string;
  /** The view as the app sent it (Block Kit JSON). */
  readonly view: Record<string, unknown>;
}

/** A message only one user sees (`chat.postEphemeral`). */
export interface EphemeralMessage {
  readonly channel: string;
  readonly user: string;
  readonly text: string;
  readonly threadTs?: string;
}

/** A workspace member as `users.info` describes one (only the fields this project reads). */
export interface FakeSlackUser {
  readonly id: string;
  readonly name: string;
  readonly displayName?: string;
  readonly realName?: string;
  readonly deleted?: boolean;
  readonly isBot?: boolean;
}

/**
 * A local stand-in for the Slack Web API (point `slackApiUrl` at `apiUrl`): `auth.test`,
 * `chat.postMessage` (recorded, answered `{ ok, channel, ts }` with increasing ts),
 * `chat.postEphemeral` and `views.open` (recorded, answered with a view id), `chat.update`,
 * `chat.delete` and `conversations.replies` over the posted messages ({@link stored}), `users.info` for the
 * members in {@link users} and `conversations.info` for the channels in {@link channels} (whether
 * the bot is a member). It can answer 429 with `Retry-After`, or fail with a status for the next N
 * calls (an outage). Answers have the shapes of Slack's method reference (api.slack.com/methods).
 */
export class FakeSlackApi {
  readonly calls: RecordedCall[] = [];
  readonly botUserId = 'UBOT0001';
  readonly botId = 'BBOT0001';
  /** Members `users.info` knows, by id. */
  readonly users = new Map<string, FakeSlackUser>();
  /** Channels `conversations.info` knows: id → whether the bot is a member. */
  readonly channels = new Map<string, { name: string; botIsMember: boolean }>();
  private server: Server | null = null;
  private seq = 0;
  private rateLimits: number[] = [];
  private failures: { remaining: number; status: number } = { remaining: 0, status: 500 };
  private nextPostHeldMs = 0;
  private readonly deleted = new Set<string>();
  private readonly updated = new Map<string, string>();

  private constructor() {}

  static async start(): Promise<FakeSlackApi> {
    const fake = new FakeSlackApi();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to give the client as `slackApiUrl` (ends with `/api/`). */
  get apiUrl(): string {
    const address = this.server!.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}/api/`;
  }

  /** The successfully posted messages, in order. */
  get posted(): PostedMessage[] {
    return this.calls
      .filter((c) => c.method === 'chat.postMessage' && c.status === 200)
      .map((c) => ({
        channel: String(c.args.channel),
        ts: String(c.args.__ts),
        text: String(c.args.text ?? ''),
        ...(c.args.thread_ts ? { threadTs: String(c.args.thread_ts) } : {}),
      }));
  }

  /**
   * What the channel holds now: the posted messages, less those deleted (`chat.delete`), with
   * the text of those updated (`chat.update`).
   */
  get stored(): PostedMessage[] {
    return this.posted
      .filter((message) => !this.deleted.has(message.ts))
      .map((message) => ({ ...message, text: this.updated.get(message.ts) ?? message.text }));
  }

  /** The modals opened successfully, in order. */
  get openedViews(): OpenedView[] {
    return this.calls
      .filter((c) => c.method === 'views.open' && c.status === 200 && c.args.__viewId)
      .map((c) => ({
        viewId: String(c.args.__viewId),
        triggerId: String(c.args.trigger_id),
        view: viewArgument(c.args.view)!,
      }));
  }

  /** The ephemeral messages posted successfully, in order. */
  get ephemerals(): EphemeralMessage[] {
    return this.calls
      .filter((c) => c.method === 'chat.postEphemeral' && c.status === 200 && c.args.__ts)
      .map((c) => ({
        channel: String(c.args.channel),
        user: String(c.args.user),
        text: String(c.args.text ?? ''),
        ...(c.args.thread_ts ? { threadTs: String(c.args.thread_ts) } : {}),
      }));
  }

  /** The next Web API call is answered 429 with `Retry-After: seconds`. */
  rateLimitOnce(seconds = 1): void {
    this.rateLimits.push(seconds);
  }

  /**
   * The next `chat.postMessage` is recorded (it shows in {@link posted}) at once but answered only
   * after `ms`: a post Slack has taken while the app still waits for its answer.
   */
  holdNextPost(ms: number): void {
    this.nextPostHeldMs = ms;
  }

  /** The next `count` calls fail with `status` (an outage); 0 ends it. */
  failNext(count: number, status = 500): void {
    this.failures = { remaining: count, status };
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
    const method = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\//, '');
    const args = parseBody(raw, req.headers['content-type']);
    const record = (status: number, extra: Record<string, unknown> = {}) =>
      this.calls.push({ method, args: { ...args, ...extra }, at: Date.now(), status });

    const retryAfter = this.rateLimits.shift();
    if (retryAfter !== undefined) {
      record(429);
      res.writeHead(429, { 'Retry-After': String(retryAfter), 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      return;
    }
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      record(this.failures.status);
      res.writeHead(this.failures.status, { 'Content-Type': 'text/plain' });
      res.end('service unavailable');
      return;
    }
    const json = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    switch (method) {
      case 'auth.test':
        record(200);
        json({
          ok: true,
          url: 'https://fake.slack.test/',
          team: 'Fake',
          user: 'support-bot',
          team_id: 'T0001',
          user_id: this.botUserId,
          bot_id: this.botId,
        });
        return;
      case 'chat.postMessage': {
        if (!args.channel || typeof args.text !== 'string') {
          record(200);
          json({ ok: false, error: 'invalid_arguments' });
          return;
        }
        this.seq += 1;
        const ts = `${1_700_000_000 + this.seq}.${String(this.seq).padStart(6, '0')}`;
        record(200, { __ts: ts });
        const held = this.nextPostHeldMs;
        this.nextPostHeldMs = 0;
        if (held > 0) await new Promise((resolve) => setTimeout(resolve, held));
        json({
          ok: true,
          channel: args.channel,
          ts,
          message: { text: args.text, ts, user: this.botUserId, bot_id: this.botId },
        });
        return;
      }
      case 'conversations.replies': {
        // The thread's root and its replies, as the bot posted them (every message here is its).
        record(200);
        const ts = String(args.ts ?? '');
        const messages = this.stored
          .filter((m) => m.channel === String(args.channel) && (m.ts === ts || m.threadTs === ts))
          .map((m) => ({
            type: 'message',
            ts: m.ts,
            text: m.text,
            user: this.botUserId,
            bot_id: this.botId,
            ...(m.threadTs ? { thread_ts: m.threadTs } : { thread_ts: m.ts }),
          }));
        if (messages.length === 0) return json({ ok: false, error: 'thread_not_found' });
        json({ ok: true, messages, has_more: false, response_metadata: { next_cursor: '' } });
        return;
      }
      case 'chat.update':
      case 'chat.delete': {
        record(200);
        const ts = String(args.ts ?? '');
        const found = this.stored.some((m) => m.channel === String(args.channel) && m.ts === ts);
        if (!found) return json({ ok: false, error: 'message_not_found' });
        if (method === 'chat.delete') this.deleted.add(ts);
        else this.updated.set(ts, String(args.text ?? ''));
        json({ ok: true, channel: args.channel, ts });
        return;
      }
      case 'chat.postEphemeral': {
        if (!args.channel || !args.user || typeof args.text !== 'string') {
          record(200);
          json({ ok: false, error: 'invalid_arguments' });
          return;
        }
        this.seq += 1;
        const ts = `${1_700_000_000 + this.seq}.${String(this.seq).padStart(6, '0')}`;
        record(200, { __ts: ts });
        json({ ok: true, message_ts: ts });
        return;
      }
      case 'views.open': {
        // Slack's trigger ids expire after 3 s; the fake only checks one came with a modal.
        const view = viewArgument(args.view);
        if (typeof args.trigger_id !== 'string' || !args.trigger_id || view?.type !== 'modal') {
          record(200);
          json({ ok: false, error: 'invalid_arguments' });
          return;
        }
        this.seq += 1;
        const id = `V${String(this.seq).padStart(8, '0')}`;
        record(200, { __viewId: id });
        json({ ok: true, view: { ...view, id, team_id: 'T0001', app_id: 'A0001' } });
        return;
      }
      case 'users.info': {
        record(200);
        const user = this.users.get(String(args.user ?? ''));
        if (!user) return json({ ok: false, error: 'user_not_found' });
        json({ ok: true, user: userObject(user) });
        return;
      }
      case 'conversations.info': {
        record(200);
        const id = String(args.channel ?? '');
        const channel = this.channels.get(id);
        if (!channel) return json({ ok: false, error: 'channel_not_found' });
        json({
          ok: true,
          channel: {
            id,
            name: channel.name,
            is_channel: true,
            is_group: false,
            is_im: false,
            is_private: false,
            is_archived: false,
            is_general: false,
            is_member: channel.botIsMember,
            created: 1_700_000_000,
            creator: 'UADMIN01',
            name_normalized: channel.name,
          },
        });
        return;
      }
      default:
        record(200);
        json({ ok: false, error: 'unknown_method' });
    }
  }
}

/** A `users.info` user object (api.slack.com/methods/users.info, "Example response"). */
function userObject(user: FakeSlackUser): Record<string, unknown> {
  const realName = user.realName ?? user.name;
  return {
    id: user.id,
    team_id: 'T0001',
    name: user.name,
    deleted: user.deleted ?? false,
    real_name: realName,
    tz: 'Asia/Riyadh',
    is_admin: false,
    is_bot: user.isBot ?? false,
    is_app_user: false,
    profile: {
      real_name: realName,
      display_name: user.displayName ?? '',
      real_name_normalized: realName,
      display_name_normalized: user.displayName ?? '',
      team: 'T0001',
    },
  };
}

/** `views.open` takes the view as JSON text in a form body, or as an object in a JSON body. */
function viewArgument(raw: unknown): Record<string, unknown> | null {
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}
