import { sealForTests } from '@support/privacy/testing';
import { describe, expect, it } from '@jest/globals';
import { seededShuffles } from '@support/testing/pure';
import {
  createEvent,
  EscalationRaised,
  EscalationWithdrawn,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  ReplySent,
  TurnOutcome,
  WithdrawalRequested,
} from '@support/contracts';
import type { ConversationState, MessageState, TurnState } from './conversation-model.js';
import { projectConversation } from './project-conversation.js';

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const at = (minute: number) => `2026-12-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

function received(turnId: string, minute: number, text: string): EventEnvelope {
  const payload = {
    ...EXAMPLE_PAYLOADS['conversation.message_received'],
    messageId: id(),
    text: sealForTests(text),
    attachments: [],
  };
  return createEvent(MessageReceived, payload as never, {
    id: id(),
    occurredAt: at(minute),
    conversationId: 'conv-1',
    turnId,
    correlationId: id(),
  });
}

function reply(
  turnId: string,
  minute: number,
  kind: 'answer' | 'abstention' | 'holding' | 'human',
): EventEnvelope {
  const payload = { ...EXAMPLE_PAYLOADS['agent.reply_sent'], replyId: id(), kind };
  return createEvent(ReplySent, payload as never, {
    id: id(),
    occurredAt: at(minute),
    conversationId: 'conv-1',
    turnId,
    correlationId: id(),
  });
}

function escalated(turnId: string, minute: number): EventEnvelope {
  return createEvent(
    EscalationRaised,
    { ...EXAMPLE_PAYLOADS['escalation.raised'], escalationId: id() } as never,
    {
      id: id(),
      occurredAt: at(minute),
      conversationId: 'conv-1',
      turnId,
      correlationId: id(),
    },
  );
}

function outcome(turnId: string, minute: number, payload: Record<string, unknown>): EventEnvelope {
  return createEvent(TurnOutcome, { customerId: 'cust-1001', replyId: id(), ...payload } as never, {
    id: id(),
    occurredAt: at(minute),
    conversationId: 'conv-1',
    turnId,
    correlationId: id(),
  });
}

function withdrawal(turnId: string | null, minute: number): EventEnvelope {
  const meta = { occurredAt: at(minute), conversationId: 'conv-1', correlationId: id() };
  return turnId === null
    ? createEvent(
        WithdrawalRequested,
        EXAMPLE_PAYLOADS['conversation.withdrawal_requested'] as never,
        { ...meta, id: id(), turnId: null },
      )
    : createEvent(EscalationWithdrawn, EXAMPLE_PAYLOADS['escalation.withdrawn'] as never, {
        ...meta,
        id: id(),
        turnId,
      });
}

/** Folds events through the pure projection with an in-memory table per row type. */
function fold(events: EventEnvelope[]) {
  let conversation: ConversationState | null = null;
  const turns = new Map<string, TurnState>();
  const messages = new Map<string, MessageState>();
  for (const event of events) {
    const changes = projectConversation(event, {
      conversation,
      turn: event.turnId ? (turns.get(event.turnId) ?? null) : null,
    });
    if (!changes) continue;
    conversation = changes.conversation;
    if (changes.turn) turns.set(changes.turn.id, changes.turn);
    if (changes.message) messages.set(changes.message.id, changes.message);
  }
  return {
    conversation,
    turns: [...turns.values()].sort((a, b) => a.id.localeCompare(b.id)),
    messages: messages.size,
  };
}

describe('conversations projection (pure)', () => {
  const story = [
    received('t1', 1, 'Where is my order?'),
    reply('t1', 2, 'answer'),
    received('t2', 3, 'Can I return a wholesale order?'),
    reply('t2', 4, 'abstention'),
    escalated('t2', 4),
    received('t3', 5, 'Hello?'),
    reply('t3', 6, 'holding'),
    reply('t3', 7, 'human'),
  ];

  it('tracks turns, counts and the human takeover', () => {
    const { conversation, turns, messages } = fold(story);
    expect(conversation).toMatchObject({
      customerId: 'cust-1001',
      openedAt: at(1),
      lastActivityAt: at(7),
      messageCount: 7,
      humanActive: false,
    });
    expect(turns.map((t) => [t.id, t.status])).toEqual([
      ['t1', 'answered'],
      ['t2', 'escalated'],
      ['t3', 'held'],
    ]);
    expect(turns[1]!.escalationReason).toBe('below_score_floor');
    expect(messages).toBe(7);
  });

  it('shows the human takeover while it lasts', () => {
    expect(fold(story.slice(0, 5)).conversation).toMatchObject({ humanActive: true });
  });

  it('ends in the same rows whatever order redeliveries arrive in', () => {
    const expected = fold(story);
    for (const shuffled of seededShuffles(story)) expect(fold(shuffled)).toEqual(expected);
  });

  it('ends the takeover when the customer withdraws the request, in any order', () => {
    const withdrawn = [
      ...story.slice(0, 5),
      withdrawal(null, 8),
      withdrawal('t2', 9),
      received('t4', 10, 'Back to you, assistant'),
    ];
    const expected = fold(withdrawn);
    expect(expected.conversation).toMatchObject({
      humanActive: false,
      lastActivityAt: at(10),
      messageCount: 5,
    });
    expect(expected.turns.find((t) => t.id === 't2')!.status).toBe('escalated');
    for (const shuffled of seededShuffles(withdrawn)) expect(fold(shuffled)).toEqual(expected);
  });
});

describe('conversations projection and the turn.outcome event', () => {
  const story = [
    received('t1', 1, 'Where is my order?'),
    reply('t1', 2, 'answer'),
    outcome('t1', 2, { outcome: 'answered', reason: 'validation_passed' }),
    received('t2', 3, 'Can I return a wholesale order?'),
    reply('t2', 4, 'abstention'),
    escalated('t2', 4),
    outcome('t2', 4, {
      outcome: 'escalated',
      reason: 'rephrase_requested',
      group: 'avoidable',
      escalationId: id(),
    }),
    received('t3', 5, 'Hello?'),
    reply('t3', 6, 'holding'),
    outcome('t3', 6, { outcome: 'held', reason: 'human_active' }),
    reply('t3', 7, 'human'),
  ];

  it("takes each turn's status and escalation reason from its outcome, not its replies", () => {
    const { turns, conversation, messages } = fold(story);
    // The escalation.raised of the example says below_score_floor: the outcome decides.
    expect(turns.map((t) => [t.id, t.status, t.escalationReason])).toEqual([
      ['t1', 'answered', null],
      ['t2', 'escalated', 'rephrase_requested'],
      ['t3', 'held', null],
    ]);
    expect(turns.every((t) => t.outcomeVersion !== '')).toBe(true);
    // An outcome is no message; the completion time is still the reply's.
    expect(messages).toBe(7);
    expect(conversation).toMatchObject({ lastActivityAt: at(7), messageCount: 7 });
    expect(turns[0]!.completedAt).toBe(at(2));
  });

  it('ends in the same rows whatever order the events arrive in, and twice is once', () => {
    const expected = fold(story);
    for (const shuffled of seededShuffles(story)) expect(fold(shuffled)).toEqual(expected);
    const twice = fold([...story, ...story]);
    expect(twice.turns).toEqual(expected.turns);
  });

  it('lets a later reply of the turn not change the status the outcome gave', () => {
    const late = [...story, reply('t1', 8, 'holding'), escalated('t1', 8)];
    expect(fold(late).turns[0]).toMatchObject({ status: 'answered', escalationReason: null });
    for (const shuffled of seededShuffles(late))
      expect(fold(shuffled).turns).toEqual(fold(late).turns);
  });
});
