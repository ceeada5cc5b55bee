/**
 * The one table that maps an error code to what each edge does with it: the HTTP status, whether a
 * WebSocket client may retry the frame, and what a bus consumer does with the message
 * (`nak` = redeliver later with backoff, dead-letter after BUS_MAX_DELIVER such failures;
 * `term` = dead-letter now, retrying cannot help; `wait` = a dependency is down: redeliver with a
 * capped backoff for as long as it takes, never counted toward dead-letter).
 */
export const ERROR_POLICY = {
  config_invalid: { http: 500, retryable: false, ack: 'term' },
  validation_failed: { http: 400, retryable: false, ack: 'term' },
  unsupported_version: { http: 400, retryable: false, ack: 'term' },
  bad_frame: { http: 400, retryable: false, ack: 'term' },
  unauthenticated: { http: 401, retryable: false, ack: 'term' },
  forbidden: { http: 403, retryable: false, ack: 'term' },
  not_found: { http: 404, retryable: false, ack: 'term' },
  // The request contradicts what another actor did first (an escalation another admin claimed).
  conflict: { http: 409, retryable: false, ack: 'term' },
  payload_too_large: { http: 413, retryable: false, ack: 'term' },
  // An event names a cause this service has no record of (yet): its read model may lag, so it is
  // redelivered uncounted until the cause turns up or the checker calls it forged (`forbidden`):
  // the gateway's check of what caused a reply gives up on a cause five minutes late.
  causation_unverified: { http: 403, retryable: false, ack: 'wait' },
  rate_limited: { http: 429, retryable: true, ack: 'nak' },
  // The event log did not acknowledge a publish: an outage of the bus, under the code clients know.
  bus_unavailable: { http: 503, retryable: true, ack: 'wait' },
  // Postgres, a socket peer or a model server unreachable: what codeOf makes of a library's
  // outage error (see dependency-outage.ts).
  dependency_unavailable: { http: 503, retryable: true, ack: 'wait' },
  // Raised by code that checked the database itself (a replay that stops when it does not answer).
  database_unavailable: { http: 503, retryable: true, ack: 'wait' },
  model_unavailable: { http: 503, retryable: true, ack: 'nak' },
  model_timeout: { http: 504, retryable: true, ack: 'nak' },
  model_invalid_response: { http: 502, retryable: true, ack: 'nak' },
  internal: { http: 500, retryable: true, ack: 'nak' },
} as const satisfies Record<
  string,
  { http: number; retryable: boolean; ack: 'nak' | 'term' | 'wait' }
>;

export type ErrorCode = keyof typeof ERROR_POLICY;
