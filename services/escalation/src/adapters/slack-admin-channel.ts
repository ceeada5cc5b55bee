import type { Server } from 'node:http';
import {
  App,
  HTTPReceiver,
  LogLevel,
  type MessageShortcut,
  type ViewResponseAction,
  type ViewSubmitAction,
} from '@slack/bolt';
import { type RetryOptions, WebClient, type WebClientOptions } from '@slack/web-api';
import { ConfigError } from '@support/platform/pure';
import type {
  AdminChannel,
  AdminReplyHandler,
  ThreadRef,
  ThreadSummary,
} from '../ports/admin-channel.js';
import type { KnowledgeDraftHandler } from '../ports/knowledge-draft.js';
import { formatThreadSummary } from '../summary/format-summary.js';
import { refusingFutureRequests } from './slack-request-time.js';
import {
  ADD_TO_KNOWLEDGE_BASE,
  draftModal,
  editsOf,
  failedSubmission,
  fieldsOf,
  KNOWLEDGE_DRAFT_VIEW,
  submissionResponse,
  type SubmittedValues,
} from './knowledge-draft-view.js';
import { decodeSlackMarkup, mentionedUsers } from './slack-markup.js';

export interface SlackAdminChannelOptions {
  readonly botToken: string;
  readonly channel: string;
  /** Required for the HTTP receiver (no app token). */
  readonly signingSecret?: string;
  /** Set: Socket Mode (no public endpoint, no signing secret needed). */
  readonly appToken?: string;
  /** Web API base URL (`SLACK_API_URL`), e.g. a local fake in tests. */
  readonly apiUrl: string;
  /** Port of the dedicated HTTP server for event deliveries (0 = any free port). */
  readonly eventsPort: number;
  /** Address that server binds (`SLACK_EVENTS_HOST`); only where Slack must reach it, 0.0.0.0. */
  readonly eventsHost: string;
  readonly eventsPath: string;
  readonly requestTimeoutMs: number;
  /** Retries of one Web API call. A 429 waits its `Retry-After` and then counts as one retry. */
  readonly retries: number;
  /** Backoff between retries of failed (5xx, network) calls; default 250 ms doubling to 2 s. */
  readonly minRetryDelayMs?: number;
  readonly logLevel?: LogLevel;
}

/**
 * Slack's loosely typed `message` event: only the fields used here (`@slack/types`'
 * `GenericMessageEvent`, `ThreadBroadcastMessageEvent`, `FileShareMessageEvent`).
 */
interface SlackMessageEvent {
  readonly type?: string;
  readonly subtype?: string;
  readonly bot_id?: string;
  readonly user?: string;
  readonly text?: string;
  readonly channel?: string;
  readonly ts?: string;
  readonly thread_ts?: string;
  readonly client_msg_id?: string;
  readonly files?: ReadonlyArray<{ readonly name?: string | null; readonly title?: string | null }>;
}

/**
 * The subtypes a person's thread reply comes with: none, "also send to channel"
 * (`thread_broadcast`) and a reply with files (`file_share`). Every other subtype is an edit, a
 * deletion, a join or a bot, never a new answer.
 */
const REPLY_SUBTYPES: ReadonlySet<string | undefined> = new Set([
  undefined,
  'thread_broadcast',
  'file_share',
]);

/** A Slack Web API call that failed after the client's own retries. */
export class SlackCallFailed extends Error {
  constructor(method: string, cause: unknown) {
    super(`Slack ${method} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'SlackCallFailed';
  }
}

/**
 * Handoff threads in a Slack channel. Posts with `@slack/web-api` (429s wait `Retry-After`, other
 * failures back off, both within `retries`); receives thread replies with a Bolt `App`: Socket
 * Mode when an app token is given, otherwise Bolt's `HTTPReceiver` on its own port, which checks
 * the v0 signature (HMAC-SHA256 over `v0:<timestamp>:<raw body>`, constant-time compare, requests
 * older than 5 minutes refused) and answers 401 to a forged or stale request; one timestamped more
 * than 5 minutes ahead is refused the same way, before Bolt reads it.
 *
 * The message shortcut "Add to knowledge base" (`add_to_knowledge_base`) opens a draft modal
 * (`knowledge_draft`) whose submission publishes the article. Slack sends these interactions as
 * form-encoded `payload=…` to the app's Interactivity Request URL: set it to the events URL, the
 * receiver serves both there (and Socket Mode carries them unchanged).
 */
export class SlackAdminChannel implements AdminChannel {
  readonly provider = 'slack' as const;
  readonly client: WebClient;
  private readonly app: App;
  private handler: AdminReplyHandler | null = null;
  private drafts: KnowledgeDraftHandler | null = null;
  private server: Server | null = null;
  /** Display names of the users replies mention, looked up once each (`users.info`). */
  private readonly userNames = new Map<string, string>();

  constructor(private readonly options: SlackAdminChannelOptions) {
    const retryConfig: RetryOptions = {
      retries: options.retries,
      factor: 2,
      minTimeout: options.minRetryDelayMs ?? 250,
      maxTimeout: Math.max(2_000, options.minRetryDelayMs ?? 0),
    };
    const clientOptions: WebClientOptions = {
      slackApiUrl: options.apiUrl,
      timeout: options.requestTimeoutMs,
      retryConfig,
      rejectRateLimitedCalls: false,
      logLevel: options.logLevel ?? LogLevel.ERROR,
    };
    this.client = new WebClient(options.botToken, clientOptions);
    const logLevel = options.logLevel ?? LogLevel.ERROR;
    if (options.appToken) {
      this.app = new App({
        token: options.botToken,
        appToken: options.appToken,
        socketMode: true,
        clientOptions,
        logLevel,
      });
    } else {
      if (!options.signingSecret)
        throw new ConfigError(
          'SLACK_SIGNING_SECRET',
          'is required when SLACK_BOT_TOKEN is set and SLACK_APP_TOKEN is not (HTTP events receiver)',
        );
      const receiver = new HTTPReceiver({
        signingSecret: options.signingSecret,
        endpoints: [options.eventsPath],
        port: options.eventsPort,
        // Answer Slack only after the reply is published: a failure gives 500 and Slack retries.
        processBeforeResponse: true,
        logLevel,
      });
      receiver.requestListener = refusingFutureRequests(receiver.requestListener);
      this.app = new App({ token: options.botToken, receiver, clientOptions, logLevel });
    }
    this.app.event('message', async ({ event, body, context }) => {
      await this.onMessage(
        event as unknown as SlackMessageEvent,
        (body as { event_id?: string }).event_id,
        context.retryNum,
      );
    });
    this.app.shortcut<MessageShortcut>(
      { callback_id: ADD_TO_KNOWLEDGE_BASE, type: 'message_action' },
      async ({ shortcut, ack }) => {
        // Slack wants the ack within 3 s; the trigger id for the modal expires as soon.
        await ack();
        await this.onDraftShortcut(shortcut);
      },
    );
    this.app.view<ViewSubmitAction>(
      { callback_id: KNOWLEDGE_DRAFT_VIEW, type: 'view_submission' },
      async ({ view, body, ack }) => {
        await ack(await this.onDraftSubmitted(view, body.user.id));
      },
    );
  }

  /** The events endpoint's URL (HTTP receiver only, once started). */
  get eventsUrl(): string | null {
    const address = this.eventsAddress;
    if (!address) return null;
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${this.options.eventsPath}`;
  }

  /** Where the events receiver listens (HTTP receiver only, once started). */
  get eventsAddress(): { address: string; port: number } | null {
    const address = this.server?.address();
    if (!address || typeof address !== 'object') return null;
    return { address: address.address, port: address.port };
  }

  onAdminReply(handler: AdminReplyHandler): void {
    this.handler = handler;
  }

  onKnowledgeDraft(handler: KnowledgeDraftHandler): void {
    this.drafts = handler;
  }

  async start(): Promise<void> {
    if (this.options.appToken) {
      await this.app.start();
      return;
    }
    const started: unknown = await this.app.start({
      port: this.options.eventsPort,
      host: this.options.eventsHost,
    });
    this.server = started as Server;
  }

  async stop(): Promise<void> {
    if (!this.options.appToken && !this.server) return;
    await this.app.stop();
    this.server = null;
  }

  async openThread(summary: ThreadSummary): Promise<ThreadRef> {
    const text = formatThreadSummary(summary.conversationId, summary.escalation);
    if (summary.existing) {
      await this.post(summary.existing.channel, text, summary.existing.threadId);
      return summary.existing;
    }
    const posted = await this.post(this.options.channel, text);
    return { channel: posted.channel, threadId: posted.ts };
  }

  async appendToThread(channel: string, threadId: string, text: string): Promise<void> {
    await this.post(channel, text, threadId);
  }

  /**
   * The summary (the thread's first message) is replaced by `notice`, so the thread says why it
   * is empty; every reply the app posted is deleted (`chat.delete`). Admins' own replies are
   * theirs: a bot token cannot delete them (`cant_delete_message`), and they are left.
   */
  async eraseThread(channel: string, threadId: string, notice: string): Promise<number> {
    let erased = 0;
    let cursor: string | undefined;
    do {
      const page = await this.call('conversations.replies', () =>
        this.client.conversations.replies({ channel, ts: threadId, limit: 200, cursor }),
      );
      for (const message of page.messages ?? []) {
        if (!message.ts || !message.bot_id) continue;
        if (message.ts === threadId) {
          if (message.text === notice) continue;
          await this.call('chat.update', () =>
            this.client.chat.update({ channel, ts: threadId, text: notice, blocks: [] }),
          );
        } else {
          await this.call('chat.delete', () =>
            this.client.chat.delete({ channel, ts: message.ts! }),
          );
        }
        erased += 1;
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    return erased;
  }

  private async post(
    channel: string,
    text: string,
    threadTs?: string,
  ): Promise<{ channel: string; ts: string }> {
    try {
      const response = await this.client.chat.postMessage({
        channel,
        text,
        mrkdwn: true,
        unfurl_links: false,
        unfurl_media: false,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      if (!response.ok || !response.ts) throw new Error(response.error ?? 'no ts in response');
      return { channel: response.channel ?? channel, ts: response.ts };
    } catch (error) {
      throw new SlackCallFailed('chat.postMessage', error);
    }
  }

  /** "Add to knowledge base" on a message: the gap's draft in a modal, or why there is none. */
  private async onDraftShortcut(shortcut: MessageShortcut): Promise<void> {
    const { message } = shortcut;
    const inThread = typeof message.thread_ts === 'string' && message.thread_ts !== '';
    // A message that starts no thread is looked up as one (a summary's ts is its thread's id).
    const threadId = inThread ? (message.thread_ts as string) : message.ts;
    const tell = (text: string) =>
      this.call('chat.postEphemeral', () =>
        this.client.chat.postEphemeral({
          channel: shortcut.channel.id,
          user: shortcut.user.id,
          text,
          ...(inThread ? { thread_ts: threadId } : {}),
        }),
      );
    if (!this.drafts) {
      await tell('Adding to the knowledge base is not available here.');
      return;
    }
    try {
      const opening = await this.drafts.open({
        channel: shortcut.channel.id,
        threadId,
        messageId: message.ts,
        postedAt: slackTime(message.ts),
        adminId: shortcut.user.id,
      });
      if (opening.outcome === 'refused') {
        await tell(opening.message);
        return;
      }
      await this.call('views.open', () =>
        this.client.views.open({
          trigger_id: shortcut.trigger_id,
          view: draftModal(opening.draft),
        }),
      );
    } catch (error) {
      // The admin clicked and must hear something; Slack would only show a generic failure.
      this.app.logger.error(`Add to knowledge base failed: ${String(error)}`);
      await tell('Could not open a draft right now; please try again in a moment.').catch(
        () => undefined,
      );
    }
  }

  /** The draft modal was submitted: publish, and answer with the form's errors or the outcome. */
  private async onDraftSubmitted(
    view: ViewSubmitAction['view'],
    adminId: string,
  ): Promise<ViewResponseAction | undefined> {
    if (!this.drafts) return undefined;
    const values = view.state.values as SubmittedValues;
    try {
      const result = await this.drafts.publish(view.private_metadata, editsOf(values), adminId);
      return submissionResponse(result, fieldsOf(values));
    } catch (error) {
      this.app.logger.error(`Publishing draft ${view.private_metadata} failed: ${String(error)}`);
      return failedSubmission(fieldsOf(values));
    }
  }

  private async call<T extends { ok?: boolean; error?: string }>(
    method: string,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      const response = await run();
      if (!response.ok) throw new Error(response.error ?? 'not ok');
      return response;
    } catch (error) {
      throw new SlackCallFailed(method, error);
    }
  }

  private async onMessage(
    event: SlackMessageEvent,
    eventId: string | undefined,
    retryNum: number | undefined,
  ): Promise<void> {
    // Only people's replies inside a thread: bots (ours included), edits, joins etc. are ignored.
    if (event.bot_id || !REPLY_SUBTYPES.has(event.subtype)) return;
    if (!event.thread_ts || event.thread_ts === event.ts) return;
    const files = (event.files ?? []).map((file) => file.name || file.title || 'a file');
    if (!event.channel || !event.user || (!event.text?.trim() && files.length === 0)) return;
    const externalId = eventId ?? event.client_msg_id ?? `${event.channel}:${event.ts}`;
    await this.handler?.({
      channel: event.channel,
      threadId: event.thread_ts,
      adminId: event.user,
      text: await this.plainText(event.text ?? ''),
      ...(files.length > 0 ? { files } : {}),
      externalId,
      ...(retryNum !== undefined ? { retryNum } : {}),
    });
  }

  /** The reply as the admin saw it: mentions by name, links as label and address, no escapes. */
  private async plainText(text: string): Promise<string> {
    for (const id of mentionedUsers(text)) {
      if (this.userNames.has(id)) continue;
      const name = await this.displayName(id);
      if (name) this.userNames.set(id, name);
    }
    return decodeSlackMarkup(text, this.userNames);
  }

  /** The name Slack shows for a user; undefined when it cannot be had (the mention is dropped). */
  private async displayName(userId: string): Promise<string | undefined> {
    try {
      const { user } = await this.call('users.info', () =>
        this.client.users.info({ user: userId }),
      );
      const profile = user?.profile;
      return profile?.display_name || profile?.real_name || user?.real_name || user?.name;
    } catch (error) {
      this.app.logger.warn(`No name for <@${userId}>: ${String(error)}`);
      return undefined;
    }
  }
}

/** A Slack ts (`seconds.micros`) as a time; now when it is not one. */
function slackTime(ts: string): Date {
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}
