import { expect } from '@jest/globals';
import { eventually, type TestSocket } from '@support/testing';
import { ACK_WAIT_MS, type ProcessStack } from './process-stack.js';
import { sendMessage } from './support-stack.js';
import { expectConversationIntact, repliesSeen } from './turn-integrity.js';

/** What the fault cases ask: answered from the sample knowledge base. */
export const QUESTION = 'How long does delivery to Muscat take?';
export const FOLLOW_UP = 'What does out for delivery mean on my order?';

/** Sends a customer message and waits for its ack; returns the turn id. */
export const send = async (socket: TestSocket, text: string) =>
  String((await sendMessage(socket, text, 15_000)).turnId);

export function replyOf(socket: TestSocket, turnId: string, timeoutMs = 45_000) {
  return socket.next((f) => f.type === 'reply' && f.turnId === turnId, timeoutMs);
}

/** Long enough for any redelivery (ack wait) to have produced a second reply, if it were going to. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 2));

/** Something that stops a turn midway (a held model or reranker call) and lets it go on. */
export type Hold = () => { arrived: Promise<void>; release(): void };

export const holdModel =
  (stack: ProcessStack): Hold =>
  () =>
    stack.model.holdNextAnswer();

export const holdReranker =
  (stack: ProcessStack): Hold =>
  () => {
    const before = stack.reranker.requests.length;
    stack.reranker.behaviour = 'hang';
    return {
      arrived: eventually(() => stack.reranker.requests.length > before, 30_000).then(() => {}),
      release: () => (stack.reranker.behaviour = 'error'),
    };
  };

/** The end of every case: nothing lost, nothing twice, only validated answers, and it still answers. */
export async function expectStillAnswerable(
  stack: ProcessStack,
  customerId: string,
  conversationId: string,
  history: string[],
) {
  const { socket, ready } = await stack.connect(customerId, conversationId);
  const turnId = await send(socket, FOLLOW_UP);
  const reply = await replyOf(socket, turnId);
  expect(reply.kind).toBe('answer');
  await settle();
  const seen = repliesSeen(socket, ready);
  expect(new Set(seen).size).toBe(seen.length);
  await expectConversationIntact(stack.bus, conversationId, [...history, FOLLOW_UP], stack.open);
  socket.close();
}

/**
 * A turn stopped midway by `hold` meets `fault`; then the hold is released and `recover` runs.
 * The open socket must get the turn's one answer. Returns how long the reply took after the
 * release (the time to recover, as the customer sees it).
 */
export async function faultMidTurn(
  stack: ProcessStack,
  customerId: string,
  hold: Hold,
  fault: () => Promise<unknown>,
  recover: () => Promise<unknown> = async () => undefined,
): Promise<{ replyMsAfterRelease: number }> {
  const { socket, conversationId } = await stack.connect(customerId);
  const held = hold();
  const turnId = await send(socket, QUESTION);
  await held.arrived;
  await fault();
  held.release();
  const released = Date.now();
  await recover();
  // Recovery may itself wait on the fault (a frozen node is resumed once a new leader is seen).
  expect((await replyOf(socket, turnId, 90_000)).kind).toBe('answer');
  const replyMsAfterRelease = Date.now() - released;
  await settle();
  expect(socket.frames.filter((f) => f.type === 'reply' && f.turnId === turnId)).toHaveLength(1);
  socket.close();
  await expectStillAnswerable(stack, customerId, conversationId, [QUESTION]);
  return { replyMsAfterRelease };
}
