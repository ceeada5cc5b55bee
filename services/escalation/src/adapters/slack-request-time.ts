import type { IncomingMessage, ServerResponse } from 'node:http';

/** Slack's own window: a request is to be within five minutes of the receiver's clock. */
export const SLACK_REQUEST_MAX_SKEW_SECONDS = 5 * 60;

/**
 * Whether a request's `X-Slack-Request-Timestamp` is further ahead of `nowMs` than Slack allows.
 * Bolt's receiver refuses old requests (and missing or malformed timestamps) but not ones from
 * the future, which a leaked signature over a chosen timestamp could replay for as long as the
 * attacker chose.
 */
export function slackRequestFromTheFuture(header: string | string[] | undefined, nowMs: number) {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || !/^\d{1,12}$/.test(raw.trim())) return false; // Bolt's to refuse
  return Number(raw) > Math.floor(nowMs / 1000) + SLACK_REQUEST_MAX_SKEW_SECONDS;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The receiver's request listener behind a check of the timestamp's future side: a request from
 * the future is answered 401, as Bolt answers a stale one, before the signature is read.
 */
export function refusingFutureRequests(
  verified: RequestListener,
  now: () => number = Date.now,
): RequestListener {
  return (request, response) => {
    if (slackRequestFromTheFuture(request.headers['x-slack-request-timestamp'], now())) {
      response.writeHead(401).end();
      return;
    }
    verified(request, response);
  };
}
