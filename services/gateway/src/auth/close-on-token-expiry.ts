import type { WebSocket } from 'ws';

/** Close code and reason of a socket whose token expired (PROTOCOL.md): sign in again. */
export const TOKEN_EXPIRED_CLOSE = { code: 4001, reason: 'token expired' } as const;

/** setTimeout fires at once for delays over 2^31-1 ms (about 24.8 days): longer waits are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A token is checked once, at the upgrade; without this a socket would outlive it for as long as
 * the client keeps it open. Closes `ws` when `millisecondsLeft` have passed.
 */
export function closeOnTokenExpiry(ws: WebSocket, millisecondsLeft: number): void {
  let timer: NodeJS.Timeout;
  const wait = (remaining: number) => {
    timer = setTimeout(
      () =>
        remaining > MAX_TIMER_MS
          ? wait(remaining - MAX_TIMER_MS)
          : ws.close(TOKEN_EXPIRED_CLOSE.code, TOKEN_EXPIRED_CLOSE.reason),
      Math.max(0, Math.min(remaining, MAX_TIMER_MS)),
    );
    timer.unref();
  };
  wait(millisecondsLeft);
  ws.once('close', () => clearTimeout(timer));
}
