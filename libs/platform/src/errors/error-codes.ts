/**
 * The one table that maps an error code to what each edge does with it: the HTTP status, whether a
 * WebSocket client may retry the frame, and what a bus consumer does with the message
 * (`nak` = redeliver later with backoff, `term` = dead-letter now, retrying cannot help).
 */
export const ERROR_POLICY = {
  config_invalid: { http: 500, retryable: false, ack: 'term' },
  validation_failed: { http: 400, retryable: false, ack: 'term' },
  unsupported_version: { http: 400, retryable: false, ack: 'term' },
  bad_frame: { http: 400, retryable: false, ack: 'term' },
  unauthenticated: { http: 401, retryable: false, ack: 'term' },
  forbidden: { http: 403, retryable: false, ack: 'term' },
  not_found: { http: 404, retryable: false, ack: 'term' },
  payload_too_large: { http: 413, retryable: false, ack: 'term' },
  rate_limited: { http: 429, retryable: true, ack: 'nak' },
  bus_unavailable: { http: 503, retryable: true, ack: 'nak' },
  database_unavailable: { http: 503, retryable: true, ack: 'nak' },
  model_unavailable: { http: 503, retryable: true, ack: 'nak' },
  model_timeout: { http: 504, retryable: true, ack: 'nak' },
  model_invalid_response: { http: 502, retryable: true, ack: 'nak' },
  internal: { http: 500, retryable: true, ack: 'nak' },
} as const satisfies Record<string, { http: number; retryable: boolean; ack: 'nak' | 'term' }>;

export type ErrorCode = keyof typeof ERROR_POLICY;
