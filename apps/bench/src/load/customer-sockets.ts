import type { TokenService } from '@support/gateway';
import { bearer, TestSocket } from '@support/testing';

export interface CustomerConnection {
  readonly customerId: string;
  readonly socket: TestSocket;
  readonly conversationId: string;
}

/** Signed customer tokens, issued before any timing starts. */
export function customerTokens(tokens: TokenService, customerIds: readonly string[]) {
  return Promise.all(
    customerIds.map((subject) => tokens.issue({ subject, role: 'customer' }, 3600)),
  );
}

/** Opens `/ws` with the token, says `hello` and waits for `ready`. */
export async function connectCustomer(
  gatewayUrl: string,
  customerId: string,
  token: string,
  timeoutMs = 30_000,
): Promise<CustomerConnection> {
  const socket = await TestSocket.open(`${gatewayUrl.replace(/^http/, 'ws')}/ws`, bearer(token));
  // TestSocket listens for the first error only; a later one must not crash the bench.
  socket.ws.on('error', () => undefined);
  try {
    socket.send({ type: 'hello' });
    const ready = await socket.nextOfType('ready', timeoutMs);
    return { customerId, socket, conversationId: String(ready.conversationId) };
  } catch (error) {
    socket.ws.terminate();
    throw error;
  }
}

export function isOpen(socket: TestSocket): boolean {
  return socket.ws.readyState === socket.ws.OPEN;
}
