import { sealForTests } from '@support/privacy/testing';
import { describe, expect, it } from '@jest/globals';
import { seededShuffles } from '@support/testing/pure';
import {
  AdminReplied,
  createEvent,
  EscalationClaimed,
  EscalationClaimReleased,
  EscalationClassified,
  EscalationRaised,
  EscalationWithdrawn,
  type EventDefinition,
  type EventEnvelope,
  EXAMPLE_PAYLOADS,
  ThreadOpened,
} from '@support/contracts';
import type { EscalationState } from './escalation-model.js';
import { projectEscalation } from './project-escalation.js';

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const at = (minute: number) => `2026-12-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ESC_1 = '10000000-0000-4000-8000-000000000001';
const ESC_2 = '10000000-0000-4000-8000-000000000002';

function event(
  definition: EventDefinition,
  escalationId: string,
  minute: number,
  payload: Record<string, unknown>,
): EventEnvelope {
  return createEvent(
    definition,
    {
      ...EXAMPLE_PAYLOADS[definition.type as keyof typeof EXAMPLE_PAYLOADS],
      ...payload,
      escalationId,
    } as never,
    {
      id: id(),
      occurredAt: at(minute),
      conversationId: escalationId === ESC_1 ? 'conv-1' : 'conv-2',
      turnId: 'turn-1',
      correlationId: id(),
    },
  );
}

const SEALED_ORDER = sealForTests('SO-1001');
const raised = (
  esc: string,
  minute: number,
  reason = 'below_score_floor',
  group = reason === 'retrieval_unavailable' ? 'genuine' : 'avoidable',
) => event(EscalationRaised, esc, minute, { reason, group, ordersMentioned: [SEALED_ORDER] });
const thread = (esc: string, minute: number, provider: string, threadId: string) =>
  event(ThreadOpened, esc, minute, { provider, threadId });
const replied = (esc: string, minute: number) =>
  event(AdminReplied, esc, minute, { externalId: `Ev${id()}` });
const classified = (esc: string, minute: number, topic: string, classifier: string) =>
  event(EscalationClassified, esc, minute, { topic, classifier });

/** Folds events through the pure projection with an in-memory table. */
function fold(events: EventEnvelope[]): EscalationState[] {
  const rows = new Map<string, EscalationState>();
  for (const e of events) {
    const next = projectEscalation(
      e,
      rows.get((e.payload as { escalationId: string }).escalationId) ?? null,
    );
    if (next) rows.set(next.escalationId, next);
  }
  return [...rows.values()].sort((a, b) => a.escalationId.localeCompare(b.escalationId));
}

describe('escalations projection (pure)', () => {
  const story = [
    raised(ESC_1, 1),
    thread(ESC_1, 2, 'slack', '1764669600.000100'),
    classified(ESC_1, 3, 'unclassified', 'fallback'),
    classified(ESC_1, 4, 'returns', 'rules'),
    replied(ESC_1, 5),
    thread(ESC_1, 6, 'console', 'console-thread-2'),
    replied(ESC_1, 7),
    replied(ESC_1, 9),
    classified(ESC_1, 10, 'unclassified', 'fallback'),
    // The second escalation's raised event is not (yet) in the log.
    replied(ESC_2, 8),
    classified(ESC_2, 8, 'orders', 'llm'),
  ];

  it('keeps one row per escalation with its reason, thread, topic and reply times', () => {
    const [first, second] = fold(story);
    expect(first).toMatchObject({
      escalationId: ESC_1,
      conversationId: 'conv-1',
      customerId: 'cust-1001',
      turnId: 'turn-1',
      reason: 'below_score_floor',
      group: 'avoidable',
      language: 'en',
      // Stored sealed, as the event carried it.
      question: EXAMPLE_PAYLOADS['escalation.raised'].question,
      chunks: [{ chunkId: expect.any(String), score: 0.12 }],
      ordersMentioned: [SEALED_ORDER],
      openedAt: at(1),
      topic: 'returns',
      classifier: 'rules',
      provider: 'console',
      channel: 'C0SUPPORT',
      threadId: 'console-thread-2',
      threadOpenedAt: at(2),
      firstReplyAt: at(5),
      lastReplyAt: at(9),
      replies: 3,
      resolvedAt: at(5),
    });
    expect(second).toMatchObject({
      escalationId: ESC_2,
      conversationId: 'conv-2',
      customerId: null,
      reason: null,
      openedAt: null,
      topic: 'orders',
      replies: 1,
      resolvedAt: at(8),
    });
  });

  it('keeps the group the event carries and leaves the topic null until classified', () => {
    const [row] = fold([raised(ESC_1, 1, 'retrieval_unavailable')]);
    expect(row).toMatchObject({ group: 'genuine', topic: null, replies: 0, resolvedAt: null });
  });

  it('keeps unclassified when the classifier only fell back', () => {
    const [row] = fold([raised(ESC_1, 1), classified(ESC_1, 2, 'unclassified', 'fallback')]);
    expect(row).toMatchObject({ topic: 'unclassified', classifier: 'fallback' });
  });

  it('fills the raised fields later when another event created the row first', () => {
    const [row] = fold([replied(ESC_1, 5), raised(ESC_1, 1)]);
    expect(row).toMatchObject({ reason: 'below_score_floor', openedAt: at(1), replies: 1 });
  });

  it('ends in the same rows whatever order redeliveries arrive in', () => {
    const expected = fold(story);
    for (const shuffled of seededShuffles(story)) expect(fold(shuffled)).toEqual(expected);
  });
});

describe('escalations projection: claims (pure)', () => {
  const claimed = (minute: number, adminId: string, sequence: number) =>
    event(EscalationClaimed, ESC_1, minute, { adminId, sequence });
  const released = (minute: number, adminId: string, sequence: number) =>
    event(EscalationClaimReleased, ESC_1, minute, { adminId, sequence });

  it('shows who holds the escalation and since when; a release clears it', () => {
    const [held] = fold([raised(ESC_1, 1), claimed(2, 'admin-huda', 1)]);
    expect(held).toMatchObject({ claimedBy: 'admin-huda', claimedAt: at(2) });
    const [free] = fold([
      raised(ESC_1, 1),
      claimed(2, 'admin-huda', 1),
      released(3, 'admin-huda', 2),
    ]);
    expect(free).toMatchObject({ claimedBy: null, claimedAt: null });
  });

  it('the highest claim sequence holds whatever order claims and releases arrive in', () => {
    const history = [
      raised(ESC_1, 1),
      claimed(2, 'admin-huda', 1),
      released(3, 'admin-huda', 2),
      claimed(4, 'admin-omar', 3),
    ];
    const expected = fold(history);
    expect(expected[0]).toMatchObject({ claimedBy: 'admin-omar', claimedAt: at(4) });
    for (const shuffled of seededShuffles(history)) expect(fold(shuffled)).toEqual(expected);
  });
});

describe('escalations projection: withdrawals (pure)', () => {
  const withdrawn = (esc: string, minute: number) => event(EscalationWithdrawn, esc, minute, {});

  it('keeps the earliest withdrawal, leaves the escalation unresolved, in any order', () => {
    const story = [
      raised(ESC_1, 1, 'agent_requested'),
      thread(ESC_1, 2, 'slack', 'T1'),
      withdrawn(ESC_1, 4),
      withdrawn(ESC_1, 3),
      raised(ESC_2, 5),
    ];
    const expected = fold(story);
    expect(expected.map((r) => [r.escalationId, r.withdrawnAt, r.resolvedAt])).toEqual([
      [ESC_1, at(3), null],
      [ESC_2, null, null],
    ]);
    for (const shuffled of seededShuffles(story)) expect(fold(shuffled)).toEqual(expected);
  });

  it('a reply after the withdrawal still counts and resolves it', () => {
    const [row] = fold([raised(ESC_1, 1), withdrawn(ESC_1, 2), replied(ESC_1, 3)]);
    expect(row).toMatchObject({ withdrawnAt: at(2), resolvedAt: at(3), replies: 1 });
  });
});
