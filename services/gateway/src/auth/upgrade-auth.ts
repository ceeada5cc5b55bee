import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_POLICY, isAppError } from '@support/platform';
import type { Principal, Role, TokenService } from './token-service.js';

export const BEARER_PROTOCOL = /^bearer\.(.+)$/;

/** The token of a WebSocket upgrade: `?token=` or a `bearer.<token>` subprotocol. */
export function tokenOf(request: IncomingMessage): string | null {
  const url = new URL(request.url ?? '/', 'http://gateway');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const protocols = (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  for (const protocol of protocols) {
    const match = BEARER_PROTOCOL.exec(protocol);
    if (match) return match[1]!;
  }
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
): Promise<Principal | null> {
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
