import WebSocket from 'ws';

export type Frame = { type: string; [key: string]: unknown };

/** The subprotocol list that carries a token on a gateway WebSocket upgrade (never the URL). */
export function bearer(token: string): string[] {
  return [`bearer.${token}`];
}

/** A WebSocket test client that keeps every frame and waits for the one a test expects. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, protocols?: string[]): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, protocols);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) =>
        reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
      );
      ws.once('error', reject);
    });
  }

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs = 10_000, after = 0): Promise<Frame> {
    const seen = this.frames.slice(after).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `No matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  nextOfType(type: string, timeoutMs?: number, after?: number): Promise<Frame> {
    return this.next((f) => f.type === type, timeoutMs, after);
  }

  close(): void {
    this.ws.close();
  }
}
