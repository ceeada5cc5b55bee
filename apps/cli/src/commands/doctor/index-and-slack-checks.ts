import { qdrantClientVersion, qdrantVersionCompatible } from '@support/vector-index';
import * as check from './doctor-report.js';

async function getJson(url: string, init: RequestInit, timeoutMs: number) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

export interface QdrantSettings {
  readonly url: string;
  readonly apiKey?: string;
  readonly collection: string;
  readonly timeoutMs: number;
}

const SPARSE_LEGS = ['sparse_en', 'sparse_ar'] as const;

/**
 * Qdrant's version against the client's, and the collection as retrieval made it: a named `dense`
 * vector (Cosine) and the two sparse vectors with the IDF modifier their BM25 weights need.
 * Returns the `dense` size too, the dimension the embeddings must have.
 */
export async function checkQdrant(
  settings: QdrantSettings,
): Promise<{ report: check.PartReport; denseSize?: number }> {
  const findings: check.Finding[] = [];
  const base = settings.url.replace(/\/+$/, '');
  const init: RequestInit = {
    headers: settings.apiKey ? { 'api-key': settings.apiKey } : ({} as Record<string, string>),
  };
  let denseSize: number | undefined;
  try {
    const root = await getJson(`${base}/`, init, settings.timeoutMs);
    const version = String((root.body as { version?: unknown }).version ?? 'unknown');
    const client = qdrantClientVersion();
    findings.push(
      qdrantVersionCompatible(version, client)
        ? check.pass(`Qdrant ${version} (client ${client})`)
        : check.fail(
            `Qdrant ${version}, the client is ${client}`,
            `run Qdrant ${client.split('.').slice(0, 2).join('.')}`,
          ),
    );
    const info = await getJson(
      `${base}/collections/${encodeURIComponent(settings.collection)}`,
      init,
      settings.timeoutMs,
    );
    if (info.status === 404)
      findings.push(
        check.fail(
          `collection ${settings.collection} does not exist`,
          'index the knowledge base (`npm run cli -- ingest kb`): retrieval creates it',
        ),
      );
    else if (info.status >= 400)
      findings.push(
        check.fail(
          `collection ${settings.collection}: HTTP ${info.status}`,
          'check QDRANT_API_KEY',
        ),
      );
    else {
      const params =
        (info.body as { result?: { config?: { params?: Record<string, unknown> } } }).result?.config
          ?.params ?? {};
      const dense = (
        params.vectors as Record<string, { size?: number; distance?: string }> | undefined
      )?.dense;
      if (!dense || dense.distance !== 'Cosine')
        findings.push(
          check.fail(
            `collection ${settings.collection} has no Cosine vector named dense`,
            'ingest into a new namespace (KB_NAMESPACE): retrieval creates it right',
          ),
        );
      else denseSize = dense.size;
      const sparse = (params.sparse_vectors ?? {}) as Record<
        string,
        { modifier?: string } | undefined
      >;
      const withoutIdf = SPARSE_LEGS.filter((leg) => sparse[leg]?.modifier !== 'idf');
      findings.push(
        withoutIdf.length === 0
          ? check.pass(
              `collection ${settings.collection}: dense ${dense?.size ?? '?'}-d, sparse_en and sparse_ar with IDF`,
            )
          : check.fail(
              `collection ${settings.collection}: ${withoutIdf.join(' and ')} without the IDF modifier (BM25 scores without IDF)`,
              'ingest into a new namespace (KB_NAMESPACE) and drop this collection: retrieval creates sparse vectors with modifier idf',
            ),
      );
    }
  } catch (error) {
    findings.push(
      check.fail(`unreachable: ${check.reasonOf(error)}`, 'start Qdrant, or fix QDRANT_URL'),
    );
  }
  return { report: check.partReport('Qdrant', check.shownUrl(settings.url), findings), denseSize };
}

export interface SlackSettings {
  readonly apiUrl: string;
  readonly botToken: string;
  readonly channel?: string;
  readonly adminIds: readonly string[];
  readonly timeoutMs: number;
}

/** Slack: the token works (`auth.test`), the bot is in `SLACK_CHANNEL`, every admin id exists. */
export async function checkSlack(settings: SlackSettings): Promise<check.PartReport> {
  const call = async (method: string, args: Record<string, string> = {}) =>
    (
      await getJson(
        `${settings.apiUrl.replace(/\/?$/, '/')}${method}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${settings.botToken}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams(args).toString(),
        },
        settings.timeoutMs,
      )
    ).body as { ok?: boolean; error?: string } & Record<string, unknown>;
  const findings: check.Finding[] = [];
  try {
    const auth = await call('auth.test');
    if (!auth.ok) {
      findings.push(
        check.fail(
          `auth.test: ${auth.error}`,
          "set SLACK_BOT_TOKEN to the app's bot token (xoxb-…)",
        ),
      );
      return check.partReport('Slack', settings.channel ?? 'no channel', findings);
    }
    findings.push(check.pass(`bot ${String(auth.user)} in ${String(auth.team)}`));
    if (!settings.channel)
      findings.push(
        check.fail('SLACK_CHANNEL is not set', "set it to the handoff channel's id (C…)"),
      );
    else {
      const info = await call('conversations.info', { channel: settings.channel });
      const channel = info.channel as { name?: string; is_member?: boolean } | undefined;
      if (!info.ok)
        findings.push(
          check.fail(
            `SLACK_CHANNEL ${settings.channel}: ${info.error}`,
            "set SLACK_CHANNEL to the channel's id (C…), not its name",
          ),
        );
      else if (!channel?.is_member)
        findings.push(
          check.fail(
            `the bot is not in #${channel?.name} (${settings.channel})`,
            `invite it: /invite @${String(auth.user)} in #${channel?.name}`,
          ),
        );
      else findings.push(check.pass(`in #${channel.name}`));
    }
    const missing: string[] = [];
    for (const id of settings.adminIds) {
      const user = await call('users.info', { user: id });
      if (!user.ok || (user.user as { deleted?: boolean } | undefined)?.deleted) missing.push(id);
    }
    findings.push(
      missing.length === 0
        ? check.pass(`${settings.adminIds.length} admins exist`)
        : check.fail(
            `SLACK_ADMIN_USER_IDS ${missing.join(', ')}: no such active member`,
            'use member ids (profile → ⋮ → Copy member ID)',
          ),
    );
  } catch (error) {
    findings.push(
      check.fail(`unreachable: ${check.reasonOf(error)}`, 'check SLACK_API_URL and the network'),
    );
  }
  return check.partReport('Slack', settings.channel ?? 'no channel', findings);
}
