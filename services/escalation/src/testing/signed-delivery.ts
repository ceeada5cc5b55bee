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
