import type { WebSocketServer } from 'ws';

/**
 * Tells every client the server is going away (1001) and closes the server. A peer that does not
 * answer the close handshake is cut off after a second instead of ws's 30 s.
 */
export async function closeWebSockets(wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.close(1001, 'server shutting down');
  const terminate = setTimeout(() => wss.clients.forEach((client) => client.terminate()), 1000);
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  clearTimeout(terminate);
}
