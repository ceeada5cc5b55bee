/**
 * Recognises "a dependency is not there right now" in whatever shape a client library throws it,
 * so a consumer waits for the dependency instead of spending the message's deliveries on it.
 *
 * Only failures that say nothing about the message itself are listed: a refused or dropped
 * connection, a server shutting down or not accepting connections yet, a gateway in front of a
 * model server that is down. A query error, a constraint violation or a 500 stays a failure of the
 * message and is counted.
 */

/** PostgreSQL SQLSTATEs: class 08 (connection exception) and the server going away or full. */
const POSTGRES_OUTAGE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const POSTGRES_CONNECTION_CLASS = /^08[0-9A-Z]{3}$/;

/** Node and undici socket failures. */
const SOCKET_OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** node-postgres reports a lost or never-made connection with these messages and no code. */
const POSTGRES_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/** HTTP statuses that mean the server behind a gateway is down, not that the request is wrong. */
const GATEWAY_OUTAGE_STATUSES = new Set([502, 503, 504]);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

export function isDependencyOutage(error: unknown): boolean {
  return someInChain(error, (e) => {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code === 'dependency_unavailable') return true;
    if (code && (POSTGRES_OUTAGE_STATES.has(code) || POSTGRES_CONNECTION_CLASS.test(code)))
      return true;
    if (code && SOCKET_OUTAGE_CODES.has(code)) return true;
    if (code === 'model_unavailable' && GATEWAY_OUTAGE_STATUSES.has(e.status as number))
      return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return code === undefined && POSTGRES_CONNECTION_MESSAGES.some((m) => m.test(message));
  });
}

/**
 * Whether `test` holds for the error or anything it wraps: `cause`, TypeORM's `driverError`, the
 * attempts of an AggregateError (a connect that tried IPv6 and IPv4).
 */
function someInChain(error: unknown, test: (error: ErrorLike) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as ErrorLike;
    if (test(e)) return true;
    pending.push(e.cause, e.driverError, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return false;
}
