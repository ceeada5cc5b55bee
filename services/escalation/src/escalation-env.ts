import { personalDataEnv } from '@support/privacy';
import { isIP } from 'node:net';
import { publicSuffixProblem } from '@support/citations';
import {
  busEnv,
  ConfigError,
  databaseEnv,
  type EnvVar,
  hostNames,
  httpEnv,
  int,
  optional,
  str,
  url,
} from '@support/platform/pure';

/** An IP address to listen on. */
function ipAddress(opts: { default: string; description: string }): EnvVar<string> {
  return {
    description: opts.description,
    parse: (raw, name) => {
      const value = raw === undefined || raw === '' ? opts.default : raw.trim();
      if (isIP(value) === 0)
        throw new ConfigError(
          name,
          `must be an IP address to bind, e.g. 127.0.0.1, got "${value}"`,
        );
      return value;
    },
  };
}

/** Slack user ids, comma-separated: member ids start with U (or W on Enterprise Grid). */
function slackUserIds(opts: { description: string }): EnvVar<readonly string[]> {
  return {
    description: opts.description,
    parse: (raw, name) => {
      const ids = (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length === 0) throw new ConfigError(name, 'must name at least one Slack user id');
      const bad = ids.filter((id) => !/^[UW][A-Z0-9]{2,}$/.test(id));
      if (bad.length > 0)
        throw new ConfigError(name, `holds ${bad.join(', ')}: not Slack user ids (U… or W…)`);
      return ids;
    },
  };
}

/**
 * Slack configuration. Without SLACK_BOT_TOKEN the service runs the `console` provider: it still
 * records each escalation's thread and publishes `escalation.thread_opened`, and admins reply from
 * the admin console (`ReplyFromConsole`).
 */
export const slackEnv = {
  SLACK_BOT_TOKEN: optional(str({ description: 'Bot token (xoxb-…); unset = console provider' })),
  SLACK_SIGNING_SECRET: optional(
    str({
      description: 'Signing secret for the HTTP events receiver (required without Socket Mode)',
    }),
  ),
  SLACK_APP_TOKEN: optional(
    str({
      description: 'App-level token (xapp-…); set = Socket Mode instead of the HTTP receiver',
    }),
  ),
  SLACK_CHANNEL: optional(str({ description: 'Channel id where handoff threads are opened' })),
  SLACK_API_URL: url({
    default: 'https://slack.com/api/',
    protocols: ['http', 'https'],
    description: 'Slack Web API base URL (tests point it at a local fake)',
  }),
  SLACK_EVENTS_PORT: int({
    default: 8184,
    min: 0,
    max: 65535,
    description: 'Port of the dedicated HTTP server receiving Slack event deliveries',
  }),
  SLACK_EVENTS_HOST: ipAddress({
    default: '127.0.0.1',
    description:
      'Address the Slack events receiver binds (127.0.0.1 like the other services; 0.0.0.0 where Slack must reach it, e.g. the k8s pod)',
  }),
  SLACK_EVENTS_PATH: str({ default: '/slack/events', description: 'Path of the events endpoint' }),
  SLACK_ADMIN_USER_IDS: optional(
    slackUserIds({
      description:
        'Comma-separated Slack user ids (U…/W…) whose thread replies reach customers; required with SLACK_BOT_TOKEN',
    }),
  ),
  SLACK_REQUEST_TIMEOUT_MS: int({
    default: 10_000,
    min: 100,
    description: 'Timeout of one Slack Web API request',
  }),
  SLACK_RETRIES: int({
    default: 3,
    min: 1,
    max: 10,
    description: 'Retries of one Slack Web API call (429 waits Retry-After; 5xx/network back off)',
  }),
};

export const escalationOwnEnv = {
  ...slackEnv,
  REPLY_LINK_HOSTS: hostNames(
    "hosts (and their subdomains) an admin's Slack reply may link to or name, as the agent's answers; unset = none",
    publicSuffixProblem,
  ),
  KB_NAMESPACE: optional(
    str({
      description:
        'namespace the articles published from Slack ("Add to knowledge base") go to, as the ' +
        "gateway's KB_NAMESPACE (its glossary links English and Arabic questions); unset = retrieval default",
    }),
  ),
  /**
   * Deliveries of `escalation.raised` before it is dead-lettered. A Slack outage makes the thread
   * opening fail transiently; with the backoff (…, 15 s, 30 s, 60 s repeating) the default keeps
   * retrying for about an hour and a half before giving up (the dead letter can be replayed).
   */
  ESCALATION_MAX_DELIVER: int({
    default: 100,
    min: 1,
    max: 1000,
    description: 'Deliveries of escalation events before dead-letter (Slack outages)',
  }),
};

/** Every environment variable the escalation service reads. */
export const escalationEnv = {
  ...busEnv,
  ...httpEnv,
  ...databaseEnv,
  ...personalDataEnv,
  ...escalationOwnEnv,
};
