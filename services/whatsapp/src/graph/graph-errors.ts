import type { ErrorCode } from '@support/platform/pure';
import type { WireError, WireErrorResponse } from './graph-wire.js';

/**
 * Graph error codes that say "not now": throughput and pair rate limits, Meta's own outages.
 * Retried with backoff for as long as they last. Source: Meta's WhatsApp error codes page
 * (…/whatsapp/support/error-codes): 130429 rate limit hit, 131056 business/consumer pair rate
 * limit, 131016 service unavailable, 131000 something went wrong, 2 API service (temporary
 * downtime or overload), 4 and 80007 application / account rate limits, 133004 server
 * temporarily unavailable.
 */
const TRANSIENT_CODES = new Set([2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** More than 24 hours since the customer last wrote: only a template may be sent. */
export const RE_ENGAGEMENT_CODE = 131047;

/** Codes that mean the free-form message cannot go out (the window, a user's block of marketing). */
const WINDOW_CODES = new Set([RE_ENGAGEMENT_CODE]);

/** A refusal or failure from the Graph API, with Meta's code, title and details. */
export class GraphApiError extends Error {
  /** Transient: the consumer redelivers the event (uncounted) until the API takes it. */
  readonly code: ErrorCode;

  constructor(
    readonly providerCode: number | null,
    readonly title: string,
    readonly details: string | undefined,
    readonly httpStatus: number | null,
    readonly transient: boolean,
  ) {
    super(
      `WhatsApp API ${providerCode ?? httpStatus ?? 'unreachable'}: ${title}` +
        (details ? ` (${details})` : ''),
    );
    this.name = 'GraphApiError';
    this.code = transient ? 'dependency_unavailable' : 'internal';
  }

  /** The free-form message was refused because the customer's 24-hour window has closed. */
  get windowClosed(): boolean {
    return this.providerCode !== null && WINDOW_CODES.has(this.providerCode);
  }

  /** Meta's code as events carry it (the HTTP status when there was none). */
  get codeText(): string {
    return String(this.providerCode ?? this.httpStatus ?? 'unreachable');
  }
}

/** An error response of the Graph API (any status), as Meta documents its body. */
export function graphErrorOf(status: number, body: unknown): GraphApiError {
  const error = (body as WireErrorResponse | null)?.error;
  const providerCode = typeof error?.code === 'number' ? error.code : null;
  const title = nonEmpty(error?.message) ?? `HTTP ${status}`;
  const details = nonEmpty(error?.error_data?.details);
  const transient =
    status >= 500 || status === 429 || (providerCode !== null && TRANSIENT_CODES.has(providerCode));
  return new GraphApiError(providerCode, title, details, status, transient);
}

/** The API could not be reached, or did not answer in time. */
export function graphUnreachable(cause: unknown): GraphApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new GraphApiError(null, `unreachable: ${reason}`, undefined, null, true);
}

/** An error a webhook carries (a failed status, an unreadable inbound message). */
export function webhookErrorOf(error: WireError): {
  code: string;
  title: string;
  details?: string;
} {
  const details = nonEmpty(error.error_data?.details) ?? nonEmpty(error.message);
  return {
    code: String(error.code ?? 'unknown'),
    title: nonEmpty(error.title) ?? nonEmpty(error.message) ?? 'unknown error',
    ...(details ? { details } : {}),
  };
}

/** Whether a webhook error means the 24-hour window had closed. */
export function isWindowError(error: { code: string }): boolean {
  return WINDOW_CODES.has(Number(error.code));
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
