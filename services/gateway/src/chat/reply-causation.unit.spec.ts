import { describe, expect, it } from '@jest/globals';
import {
  AdminReplied,
  createEvent,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  type ReplySentPayload,
} from '@support/contracts';
import { AcceptedMessages } from './accepted-messages.js';
import { type CausationRecords, MAX_CAUSE_LAG_MS, ReplyCausation } from './reply-causation.js';

const MSG_A1 = '00000000-0000-4000-8000-0000000000a1';
const ADMIN_A = '00000000-0000-4000-8000-00000000ad0a';
const ADMIN_B = '00000000-0000-4000-8000-00000000ad0b';
const ADMIN_NEW = '00000000-0000-4000-8000-00000000ad99';

/** What the projections would hold: turns started by customer messages, and recorded events. */
const records: CausationRecords = {
  conversationOfTurn: async (turnId) =>
    ({ 'turn-a1': 'conv-a', 'turn-b1': 'conv-b' })[turnId] ?? null,
  recordedEvent: async (eventId) =>
    ({
      [MSG_A1]: { type: MessageReceived.type, conversationId: 'conv-a' },
      [ADMIN_A]: { type: AdminReplied.type, conversationId: 'conv-a' },
      [ADMIN_B]: { type: AdminReplied.type, conversationId: 'conv-b' },
    })[eventId] ?? null,
  answerOfTurn: async () => null,
};

function reply(
  meta: { conversationId?: string | null; turnId?: string | null; causationId?: string | null },
  kind: ReplySentPayload['kind'] = 'answer',
) {
  return createEvent(
    ReplySent,
    { ...(EXAMPLE_PAYLOADS['agent.reply_sent'] as unknown as ReplySentPayload), kind },
    {
      id: '00000000-0000-4000-8000-00000000beef',
      occurredAt: '2026-01-01T00:00:00.000Z',
      conversationId: 'conv-a',
      turnId: 'turn-a1',
      causationId: null,
      correlationId: '00000000-0000-4000-8000-00000000c0c0',
      ...meta,
    },
  );
}

// The clock reads the replies' own send time: a cause is waited for that young.
const check = new ReplyCausation(records, { now: () => new Date('2026-01-01T00:00:00.000Z') });
const verdictOf = (event: ReturnType<typeof reply>) =>
  check.verdict({ event, human: event.payload.kind === 'human' });

describe('ReplyCausation', () => {
  it("delivers the agent's reply to a turn a recorded customer message of the conversation started", async () => {
    expect(await verdictOf(reply({}))).toEqual({ kind: 'verified' });
    expect(await verdictOf(reply({ causationId: MSG_A1 }))).toEqual({ kind: 'verified' });
  });

  it('a fresh turn is unrecorded (maybe not projected yet): retried, never shown unless it turns up', async () => {
    expect(await verdictOf(reply({ turnId: 'turn-new' }))).toMatchObject({ kind: 'unrecorded' });
    await expect(
      check.check({ event: reply({ turnId: 'turn-new' }), human: false }),
    ).rejects.toMatchObject({
      code: 'causation_unverified',
    });
  });

  it("another conversation's turn or cause, or no turn at all, is a forgery", async () => {
    for (const event of [
      reply({ turnId: 'turn-b1' }),
      reply({ causationId: ADMIN_B }),
      reply({ turnId: null }),
      reply({ conversationId: null }),
    ]) {
      expect(await verdictOf(event)).toMatchObject({ kind: 'forged' });
      await expect(check.check({ event, human: false })).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
  });

  it('a human reply relays an admin reply of the same conversation, and nothing else', async () => {
    expect(await verdictOf(reply({ causationId: ADMIN_A }, 'human'))).toEqual({
      kind: 'verified',
    });
    expect(await verdictOf(reply({ causationId: ADMIN_A, turnId: null }, 'human'))).toEqual({
      kind: 'verified',
    });
    expect(await verdictOf(reply({}, 'human'))).toMatchObject({ kind: 'forged' });
    expect(await verdictOf(reply({ causationId: MSG_A1 }, 'human'))).toMatchObject({
      kind: 'forged',
    });
    expect(await verdictOf(reply({ causationId: ADMIN_B }, 'human'))).toMatchObject({
      kind: 'forged',
    });
    expect(await verdictOf(reply({ causationId: ADMIN_NEW }, 'human'))).toMatchObject({
      kind: 'unrecorded',
    });
  });
});

describe('ReplyCausation over time', () => {
  const sentAt = Date.parse('2026-01-01T00:00:00.000Z');

  it('waits for an unrecorded cause while the reply is younger than MAX_CAUSE_LAG_MS, then calls it forged', async () => {
    let now = sentAt + MAX_CAUSE_LAG_MS;
    const clocked = new ReplyCausation(records, { now: () => new Date(now) });
    const fresh = reply({ turnId: 'turn-new' });
    expect(await clocked.verdict({ event: fresh, human: false })).toMatchObject({
      kind: 'unrecorded',
    });
    now += 1;
    expect(await clocked.verdict({ event: fresh, human: false })).toMatchObject({
      kind: 'forged',
    });
    await expect(clocked.check({ event: fresh, human: false })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('AcceptedMessages', () => {
  const message = (id: string, turnId: string, conversationId: string) =>
    createEvent(MessageReceived, EXAMPLE_PAYLOADS['conversation.message_received'] as never, {
      id,
      occurredAt: '2026-01-01T00:00:00.000Z',
      conversationId,
      turnId,
      correlationId: '00000000-0000-4000-8000-00000000c0c0',
    });
  const nothingProjected: CausationRecords = {
    conversationOfTurn: async () => null,
    recordedEvent: async () => null,
    answerOfTurn: async () => null,
  };

  it('refuses a second reply to a turn already answered (recorded, or just delivered here)', async () => {
    const answered = new ReplyCausation(
      { ...records, answerOfTurn: async (turnId) => (turnId === 'turn-a1' ? 'reply-first' : null) },
      { now: () => new Date('2026-01-01T00:00:00.000Z') },
    );
    const withReplyId = (replyId: string, kind: ReplySentPayload['kind'] = 'answer') => {
      const event = reply({}, kind);
      return { ...event, payload: { ...event.payload, replyId } };
    };
    expect(await answered.verdict({ event: withReplyId('reply-first'), human: false })).toEqual({
      kind: 'verified',
    });
    expect(
      await answered.verdict({ event: withReplyId('reply-second'), human: false }),
    ).toMatchObject({ kind: 'forged', reason: expect.stringMatching(/already answered/) });

    // Nothing projected yet: what this gateway delivered is remembered.
    const accepted = new AcceptedMessages({
      ...nothingProjected,
      conversationOfTurn: records.conversationOfTurn,
    });
    const live = new ReplyCausation(accepted, { now: () => new Date('2026-01-01T00:00:00.000Z') });
    const first = { event: withReplyId('reply-live'), human: false };
    expect(await live.verdict(first)).toEqual({ kind: 'verified' });
    live.delivered(first);
    expect(await live.verdict(first)).toEqual({ kind: 'verified' });
    expect(await live.verdict({ event: withReplyId('reply-other'), human: false })).toMatchObject({
      kind: 'forged',
    });
  });

  it('verifies the reply to a message this gateway accepted before the projection has it', async () => {
    const accepted = new AcceptedMessages(nothingProjected);
    const published: string[] = [];
    const sink = accepted.rememberingSink({ publish: async (e) => published.push(e.id) });
    await sink.publish(message(MSG_A1, 'turn-a1', 'conv-a'));
    expect(published).toEqual([MSG_A1]);
    const causation = new ReplyCausation(accepted, {
      now: () => new Date('2026-01-01T00:00:00.000Z'),
    });
    expect(
      await causation.verdict({ event: reply({ causationId: MSG_A1 }), human: false }),
    ).toEqual({ kind: 'verified' });
    // Another conversation's turn is still refused, from memory as from the projection.
    expect(
      await causation.verdict({ event: reply({ conversationId: 'conv-b' }), human: false }),
    ).toMatchObject({ kind: 'forged' });
  });

  it('remembers nothing a failed publish did not store, and forgets the oldest past its capacity', async () => {
    const accepted = new AcceptedMessages(nothingProjected, 2);
    const failing = accepted.rememberingSink({
      publish: async () => {
        throw new Error('bus down');
      },
    });
    await expect(failing.publish(message(MSG_A1, 'turn-x', 'conv-x'))).rejects.toThrow('bus down');
    expect(await accepted.conversationOfTurn('turn-x')).toBeNull();
    for (const n of [1, 2, 3])
      accepted.remember(message(`${MSG_A1.slice(0, -1)}${n}`, `t${n}`, 'c'));
    expect(await accepted.conversationOfTurn('t1')).toBeNull();
    expect(await accepted.conversationOfTurn('t3')).toBe('c');
  });
});
