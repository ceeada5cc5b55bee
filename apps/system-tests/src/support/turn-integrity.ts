import { expect } from '@jest/globals';
import { validateReply } from '@support/citations';
import { type BusConnection, readEventLog } from '@support/bus';
import type { EventEnvelope } from '@support/contracts';
import type { Frame, TestSocket } from '@support/testing';

type Payload = Record<string, unknown>;
const payloadOf = (event: EventEnvelope) => event.payload as Payload;

/** The reply frames a socket got (and `ready.history` replies), keyed by reply id. */
export function repliesSeen(socket: TestSocket, ready?: Record<string, unknown>): string[] {
  const live = socket.frames.filter((f: Frame) => f.type === 'reply').map((f) => String(f.replyId));
  const history = ((ready?.history ?? []) as Payload[])
    .filter((entry) => entry.role !== 'customer')
    .map((entry) => String(entry.id));
  return [...history, ...live];
}

/**
 * What every fault case ends with, read from the event log: each customer message recorded once
 * (sealed; `open` reads it with the stack's keys), each turn answered once (one answer or
 * abstention), and every answer shown (sealed too) is one that passes citation validation against
 * the chunks retrieved in its own turn.
 */
export async function expectConversationIntact(
  bus: BusConnection,
  conversationId: string,
  sentTexts: readonly string[],
  open: (sealed: string) => Promise<string>,
): Promise<EventEnvelope[]> {
  const { events } = await readEventLog(bus);
  // An event is its id: copies delivered again are the same event.
  const own = [
    ...new Map(
      events.filter((e) => e.conversationId === conversationId).map((e) => [e.id, e]),
    ).values(),
  ];
  const received = own.filter((e) => e.type === 'conversation.message_received');
  expect(await Promise.all(received.map((e) => open(String(payloadOf(e).text))))).toEqual(
    sentTexts,
  );

  const replies = own.filter(
    (e) =>
      e.type === 'agent.reply_sent' && ['answer', 'abstention'].includes(String(payloadOf(e).kind)),
  );
  const turns = received.map((e) => e.turnId);
  expect(replies.map((e) => e.turnId).sort()).toEqual([...turns].sort());

  for (const reply of replies.filter((e) => payloadOf(e).kind === 'answer')) {
    const chunks = own
      .filter((e) => e.type === 'retrieval.completed' && e.turnId === reply.turnId)
      .flatMap((e) => payloadOf(e).chunks as { chunkId: string; text: string }[]);
    // The reply travels sealed under the customer's key, like the message.
    const text = await open(String(payloadOf(reply).text));
    const verdict = validateReply(text, chunks);
    expect({ text, passed: verdict.passed }).toEqual({ text, passed: true });
  }
  return own;
}
