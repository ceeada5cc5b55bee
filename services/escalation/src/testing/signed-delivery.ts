import { createHmac } from 'node:crypto';

export interface DeliveryOptions {
  /** Sign with this secret instead of the right one (a forged request). */
  readonly forgeWith?: string;
  /** Seconds since the epoch to sign and send; default now (stale: now - 10 minutes). */
  readonly timestampSec?: number;
  /** Sent as `X-Slack-Retry-Num` (and a retry reason), as Slack does on redelivery. */
  readonly retryNum?: number;
}

/** The v0 signature Slack puts in `X-Slack-Signature`. */
export function slackSignature(secret: string, timestampSec: number, rawBody: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestampSec}:${rawBody}`).digest('hex')}`;
}

/** An Events API `event_callback` body around a message event. */
export function messageEventBody(
  eventId: string,
  event: Record<string, unknown>,
): Record<string, unknown> {
  return {
    token: 'legacy-verification-token',
    team_id: 'T0001',
    api_app_id: 'A0001',
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'message', channel_type: 'channel', ...event },
  };
}

/** POSTs a signed event delivery to a receiver, like Slack does; returns the HTTP status. */
export async function postSignedEvent(
  url: string,
  signingSecret: string,
  body: Record<string, unknown>,
  options: DeliveryOptions = {},
): Promise<number> {
  const raw = JSON.stringify(body);
  const timestampSec = options.timestampSec ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Slack-Request-Timestamp': String(timestampSec),
    'X-Slack-Signature': slackSignature(options.forgeWith ?? signingSecret, timestampSec, raw),
  };
  if (options.retryNum !== undefined) {
    headers['X-Slack-Retry-Num'] = String(options.retryNum);
    headers['X-Slack-Retry-Reason'] = 'http_timeout';
  }
  const response = await fetch(url, { method: 'POST', headers, body: raw });
  await response.arrayBuffer();
  return response.status;
}

/** What a receiver answered to an interactivity request: its status and (JSON) body, if any. */
export interface InteractionResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * POSTs a signed interactivity request like Slack does (shortcuts, view submissions): the JSON
 * payload form-encoded as `payload=…`, the signature over that form body.
 */
export async function postSignedInteraction(
  url: string,
  signingSecret: string,
  payload: Record<string, unknown>,
  options: Omit<DeliveryOptions, 'retryNum'> = {},
): Promise<InteractionResponse> {
  const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestampSec = options.timestampSec ?? Math.floor(Date.now() / 1000);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Slack-Request-Timestamp': String(timestampSec),
      'X-Slack-Signature': slackSignature(options.forgeWith ?? signingSecret, timestampSec, raw),
    },
    body: raw,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body };
}

/** A `message_action` payload: `user` ran the message shortcut `callbackId` on `message`. */
export function messageShortcutPayload(
  callbackId: string,
  user: string,
  channel: string,
  message: { ts: string; user?: string; text?: string; thread_ts?: string },
): Record<string, unknown> {
  return {
    type: 'message_action',
    token: 'legacy-verification-token',
    action_ts: `${Math.floor(Date.now() / 1000)}.000001`,
    team: { id: 'T0001', domain: 'fake' },
    user: { id: user, name: user.toLowerCase(), team_id: 'T0001' },
    channel: { id: channel, name: 'support-handoff' },
    is_enterprise_install: false,
    enterprise: null,
    callback_id: callbackId,
    trigger_id: `${Date.now()}.1.${Math.random().toString(16).slice(2)}`,
    response_url: 'https://hooks.slack.test/app/T0001/response',
    message_ts: message.ts,
    message: { type: 'message', ...message },
  };
}

/**
 * A `view_submission` payload: `user` submitted the modal `view` (as `views.open` sent it, with
 * the id Slack gave it) with `values` typed in: block id -> action id -> state value.
 */
export function viewSubmissionPayload(
  user: string,
  view: { id: string; callback_id?: unknown; private_metadata?: unknown },
  values: Record<string, Record<string, Record<string, unknown>>>,
): Record<string, unknown> {
  return {
    type: 'view_submission',
    token: 'legacy-verification-token',
    team: { id: 'T0001', domain: 'fake' },
    user: { id: user, name: user.toLowerCase(), team_id: 'T0001' },
    api_app_id: 'A0001',
    trigger_id: `${Date.now()}.2.${Math.random().toString(16).slice(2)}`,
    is_enterprise_install: false,
    enterprise: null,
    view: {
      ...view,
      team_id: 'T0001',
      app_id: 'A0001',
      bot_id: 'BBOT0001',
      type: 'modal',
      hash: `${Date.now()}.hash`,
      state: { values },
      root_view_id: view.id,
      previous_view_id: null,
      clear_on_close: false,
      notify_on_close: false,
    },
    response_urls: [],
  };
}
