import { describe, expect, it } from '@jest/globals';
import { createEvent, ESCALATION_REASONS, TurnOutcome } from '@support/contracts';
import { afterValidation } from '../turn-route/turn-route.js';
import { escalationGroupOf } from './escalation-groups.js';
import { type TurnEnding, turnOutcome } from './turn-outcome.js';

describe('given where a turn stopped', () => {
  it('when the validated answer went out then the turn was answered', () => {
    expect(turnOutcome({ next: 'end' })).toEqual({
      outcome: 'answered',
      reason: 'validation_passed',
    });
  });

  it('when a clarifying question was asked then the turn was clarified, not escalated', () => {
    expect(turnOutcome({ next: 'clarify' })).toEqual({
      outcome: 'clarified',
      reason: 'below_score_floor',
    });
  });

  it('when a colleague had the conversation then the turn was held', () => {
    expect(turnOutcome({ next: 'hold' })).toEqual({ outcome: 'held', reason: 'human_active' });
  });

  it.each([
    ['retrieval_unavailable', 'genuine'],
    ['agent_requested', 'genuine'],
    ['below_score_floor', 'avoidable'],
    ['answer_validation_failed', 'avoidable'],
    ['rephrase_requested', 'avoidable'],
  ] as const)('when it escalated with %s then the escalation is %s', (reason, group) => {
    expect(turnOutcome({ next: 'escalate', reason })).toEqual({
      outcome: 'escalated',
      reason,
      group,
    });
  });

  it('when every reason is listed then each has a group', () => {
    expect(ESCALATION_REASONS.map(escalationGroupOf).sort()).toEqual([
      'avoidable',
      'avoidable',
      'avoidable',
      'genuine',
      'genuine',
    ]);
  });

  it('when a draft asks to rephrase a turn with material then it is an avoidable escalation', () => {
    const route = afterValidation({ passed: true, asksToRephrase: true, hadMaterial: true });
    expect(route.next).toBe('escalate');
    expect(turnOutcome(route as TurnEnding)).toEqual({
      outcome: 'escalated',
      reason: 'rephrase_requested',
      group: 'avoidable',
    });
  });

  it('when a draft asks to rephrase a greeting then the request is the answer', () => {
    const route = afterValidation({ passed: true, asksToRephrase: true, hadMaterial: false });
    expect(turnOutcome(route as TurnEnding)).toEqual({
      outcome: 'answered',
      reason: 'validation_passed',
    });
  });
});

describe('given the turn.outcome contract', () => {
  const meta = {
    id: '00000000-0000-4000-8000-000000000001',
    occurredAt: '2026-12-05T10:00:00.000Z',
    conversationId: 'conv-1',
    turnId: 'turn-1',
    correlationId: '00000000-0000-4000-8000-000000000002',
  };
  const ids = { customerId: 'cust-1', replyId: '00000000-0000-4000-8000-000000000003' };
  const escalationId = '00000000-0000-4000-8000-000000000004';
  const endings: TurnEnding[] = [
    { next: 'end' },
    { next: 'clarify' },
    { next: 'hold' },
    ...ESCALATION_REASONS.map((reason) => ({ next: 'escalate' as const, reason })),
  ];

  it.each(endings.map((ending) => [JSON.stringify(ending), ending] as const))(
    'when the outcome of %s is published then the contract accepts it',
    (_name, ending) => {
      const decision = turnOutcome(ending);
      const payload = {
        ...ids,
        ...decision,
        ...(decision.outcome === 'escalated' ? { escalationId } : {}),
      };
      expect(createEvent(TurnOutcome, payload, meta).payload).toEqual(payload);
    },
  );

  it('when a group is given for an answered turn then the contract refuses it', () => {
    const payload = { ...ids, outcome: 'answered', reason: 'validation_passed', group: 'genuine' };
    expect(() => createEvent(TurnOutcome, payload as never, meta)).toThrow(/group/);
  });

  it('when an escalated turn has no group or a reason of another outcome then it is refused', () => {
    const escalated = { ...ids, outcome: 'escalated', reason: 'agent_requested', escalationId };
    expect(() => createEvent(TurnOutcome, escalated as never, meta)).toThrow(/group/);
    expect(() =>
      createEvent(
        TurnOutcome,
        { ...escalated, group: 'genuine', reason: 'validation_passed' } as never,
        meta,
      ),
    ).toThrow(/reason/);
  });
});
