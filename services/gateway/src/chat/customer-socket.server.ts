import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { WebSocket, WebSocketServer } from 'ws';
import type { TokenService } from '../auth/token-service.js';
import { closeOnTokenExpiry } from '../auth/close-on-token-expiry.js';
import { closeWebSockets } from '../auth/close-web-sockets.js';
import { authenticateUpgrade, BEARER_PROTOCOL, upgradePath } from '../auth/upgrade-auth.js';
import type {
  AdmittedConnection,
  CustomerConnectionCap,
} from '../limits/customer-connection-cap.js';
import { CUSTOMER_WS_PATH } from '../socket-paths.js';
import { refuseUpgrade } from '../limits/refuse-upgrade.js';
import type { ConnectionRegistry, FrameSink } from './connection-registry.js';
import type { CustomerChat } from './customer-chat.js';
import type { ServerFrame } from './server-frames.js';

/**
 * The customer WebSocket transport: authenticates the upgrade, asks the connection cap for a slot
 * (refused with 429 before the upgrade), passes text frames to CustomerChat and writes back what
 * it returns. No business rules live here.
 */
export class CustomerSocketServer {
  private readonly logger = new Logger('customer-ws');
  private readonly wss: WebSocketServer;

  constructor(
    private readonly chat: CustomerChat,
    private readonly tokens: TokenService,
    private readonly registry: ConnectionRegistry,
    private readonly connections: CustomerConnectionCap,
    maxFrameBytes: number,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: maxFrameBytes,
      handleProtocols: (protocols) => [...protocols].find((p) => BEARER_PROTOCOL.test(p)) ?? false,
    });
  }

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (upgradePath(request) !== CUSTOMER_WS_PATH) return; // other paths belong to other handlers
      void this.upgrade(request, socket, head);
    });
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const principal = await authenticateUpgrade(request, socket, this.tokens, 'customer');
    if (!principal) return;
    let admitted: AdmittedConnection;
    try {
      admitted = await this.connections.admit(principal.subject);
    } catch (error) {
      refuseUpgrade(socket, error);
      return;
    }
    // The TCP socket's end covers every way out: a normal close, an aborted handshake, a client
    // that left while it waited for its slot.
    const release = () =>
      void admitted
        .release()
        .catch((error: unknown) => this.logger.warn(`connection release failed: ${String(error)}`));
    socket.once('close', release);
    if (socket.destroyed) return release();
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      closeOnTokenExpiry(ws, this.tokens.millisecondsLeft(principal));
      this.onConnection(ws, principal.subject);
    });
  }

  private onConnection(ws: WebSocket, customerId: string): void {
    const session = this.chat.openSession(customerId);
    const sink: FrameSink = {
      send: (frame: ServerFrame) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
      },
    };
    // Frames of one connection are handled in order: an ack never overtakes an earlier error.
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      queue = queue
        .then(async () => {
          if (isBinary) {
            (await this.chat.handleBinary(session)).forEach((frame) => sink.send(frame));
            return;
          }
          const before = session.conversationId;
          const frames = await this.chat.handle(session, data.toString('utf8'));
          if (session.conversationId !== before && before) this.registry.detach(before, sink);
          frames.forEach((frame) => sink.send(frame));
          // After `ready`: replies that came since its history was read follow it, once each.
          if (session.conversationId !== before && session.conversationId)
            this.registry.attach(session.conversationId, sink, session.repliesInHistory);
        })
        .catch((error: unknown) => this.logger.error(`frame handling failed: ${String(error)}`));
    });
    ws.on('close', () => {
      if (session.conversationId) this.registry.detach(session.conversationId, sink);
    });
    ws.on('error', (error) => this.logger.warn(`socket error: ${error.message}`));
  }

  close(): Promise<void> {
    return closeWebSockets(this.wss);
  }
}
