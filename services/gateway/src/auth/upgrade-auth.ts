import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, ERROR_POLICY, isAppError } from '@support/platform/pure';
import type { Role, TokenService, VerifiedPrincipal } from './token-service.js';

/** A socket's token travels as the `bearer.<token>` subprotocol (the pages: see protocol.js). */
export const BEARER_SUBPROTOCOL_PREFIX = 'bearer.';
export const BEARER_PROTOCOL = new RegExp(
  `^${BEARER_SUBPROTOCOL_PREFIX.replaceAll('.', '\\.')}(.+)$`,
);

/**
 * The token of a WebSocket upgrade: a `bearer.<token>` subprotocol, never the URL. A URL token
 * lands in access logs and browser history, and a link carrying one signs the victim in as its
 * author.
 */
export function tokenOf(request: IncomingMessage): string | null {
  const protocols = (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  for (const protocol of protocols) {
    const match = BEARER_PROTOCOL.exec(protocol);
    if (match) return match[1]!;
  }
  const url = new URL(request.url ?? '/', 'http://gateway');
  if (url.searchParams.has('token'))
    throw new AppError(
      'unauthenticated',
      'A token in the URL is not accepted; send it as the bearer.<token> WebSocket subprotocol',
    );
  return null;
}

export function upgradePath(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://gateway').pathname;
}

/**
 * Verifies the token of an upgrade for `role`; on failure answers the raw socket with the HTTP
 * status of the error table (401 or 403) and resolves to null.
 */
export async function authenticateUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  tokens: TokenService,
  role: Role,
): Promise<VerifiedPrincipal | null> {
  try {
    return await tokens.verify(tokenOf(request), role);
  } catch (error) {
    const status = isAppError(error) ? ERROR_POLICY[error.code].http : 401;
    const message = isAppError(error) ? error.message : 'Unauthorized';
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n` +
        'Content-Type: text/plain\r\nConnection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
    );
    return null;
  }
}
