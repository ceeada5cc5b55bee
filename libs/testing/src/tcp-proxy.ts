import { createServer, type Server, type Socket, connect } from 'node:net';

export interface TcpProxy {
  /** The port clients connect to (it stays the same across `down` and `up`). */
  readonly port: number;
  /** `url` (e.g. a DATABASE_URL) pointing at the proxy instead of the server behind it. */
  urlThrough(url: string): string;
  /** Connections open through the proxy now. */
  openConnections(): number;
  isDown(): boolean;
  /**
   * What a server that went away does to its clients: every open connection is reset and new
   * ones are refused (the port stops listening) until `up`.
   */
  down(): Promise<void>;
  /** Listens on the same port again and forwards new connections. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server the tests cannot stop themselves (the machine's shared
 * PostgreSQL): point a service at it, and take the "server" down and bring it back on command.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let server: Server | null = null;
  let port = 0;

  const forward = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer(forward);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        listening.off('error', reject);
        server = listening;
        const address = listening.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });

  const stopListening = async () => {
    const listening = server;
    server = null;
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    urlThrough: (url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    openConnections: () => pairs.size,
    isDown: () => server === null,
    down: stopListening,
    up: async () => {
      if (server) return;
      // The port was ours a moment ago; a client's ephemeral port can take it in between, rarely.
      for (let attempt = 1; ; attempt++) {
        try {
          return await listen();
        } catch (error) {
          if (attempt >= 50 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    close: stopListening,
  };
}
