import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { policyOf, publicMessageOf } from '@support/platform/pure';

/**
 * Answers a WebSocket upgrade with the HTTP status of the error's code (429 for `rate_limited`)
 * and its message, and closes the socket: the client sees why before any WebSocket exists.
 */
export function refuseUpgrade(socket: Duplex, error: unknown): void {
  const status = policyOf(error).http;
  const message = publicMessageOf(error);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}
