import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { WebSocket, WebSocketServer } from 'ws';
import type { TokenService } from '../auth/token-service.js';
import { closeOnTokenExpiry } from '../auth/close-on-token-expiry.js';
import { closeWebSockets } from '../auth/close-web-sockets.js';
import { authenticateUpgrade, BEARER_PROTOCOL, upgradePath } from '../auth/upgrade-auth.js';
import { ADMIN_WS_PATH } from '../socket-paths.js';
import type { AdminConsole } from './admin-console.js';
import type { AdminServerFrame } from './admin-frames.js';

/** The admin console's WebSocket: admin tokens only; frames in, use-case results and live updates out. */
export class AdminSocketServer {
  private readonly logger = new Logger('admin-ws');
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => [...protocols].find((p) => BEARER_PROTOCOL.test(p)) ?? false,
  });

  constructor(
    private readonly console: AdminConsole,
    private readonly tokens: TokenService,
  ) {}

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (upgradePath(request) !== ADMIN_WS_PATH) return;
      void authenticateUpgrade(request, socket, this.tokens, 'admin').then((principal) => {
        if (principal)
          this.wss.handleUpgrade(request, socket, head, (ws) => {
            closeOnTokenExpiry(ws, this.tokens.millisecondsLeft(principal));
            this.onConnection(ws, principal.subject);
          });
      });
    });
  }

  /** Live updates go to every connected admin. */
  broadcast(frame: AdminServerFrame): void {
    const data = JSON.stringify(frame);
    for (const client of this.wss.clients)
      if (client.readyState === WebSocket.OPEN) client.send(data);
  }

  private onConnection(ws: WebSocket, adminId: string): void {
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      queue = queue
        .then(async () => {
          const frames = isBinary
            ? [
                {
                  type: 'error' as const,
                  code: 'bad_frame',
                  message: 'Binary frames are not accepted',
                },
              ]
            : await this.console.handle(adminId, data.toString('utf8'));
          for (const frame of frames)
            if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
        })
        .catch((error: unknown) => this.logger.error(`admin frame failed: ${String(error)}`));
    });
    ws.on('error', (error) => this.logger.warn(`socket error: ${error.message}`));
  }

  close(): Promise<void> {
    return closeWebSockets(this.wss);
  }
}
