import { describe, expect, it } from '@jest/globals';
import { EscalationRaised, type EventEnvelope, isEvent } from '@support/contracts';
import { seededShuffles } from '@support/testing/pure';
import { projectConversation } from './conversations/project-conversation.js';
import { escalationIdOf, projectEscalation } from './escalations/project-escalation.js';
import { traceStory } from '../testing/trace-fixtures.js';
import { projectTurnTrace } from './turn-traces/project-turn-trace.js';
import { renderTrace } from './turn-traces/render-trace.js';
import type { TurnTraceState } from './turn-traces/turn-trace-model.js';

let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const story = (conversationId: string) =>
  traceStory({
    newId,
    conversationId,
    turnIds: [newId(), newId(), newId()],
    start: new Date('2026-12-02T10:00:00.000Z'),
  });
const synthetic = (events: EventEnvelope[]) => events.map((e) => ({ ...e, synthetic: true }));

function traces(events: readonly EventEnvelope[]): TurnTraceState[] {
  const rows = new Map<string, TurnTraceState>();
  for (const e of events) {
    const next = projectTurnTrace(e, e.turnId ? (rows.get(e.turnId) ?? null) : null);
    if (next) rows.set(next.turnId, next);
  }
  return [...rows.values()].sort((a, b) => a.turnId.localeCompare(b.turnId));
}

describe('synthetic (evaluation) traffic in the projections', () => {
  const live = story('conv-live');
  const evaluation = synthetic(story('conv-eval'));

  it('never enters the conversations projection (histories, transcripts, dashboard turns)', () => {
    expect(live.some((e) => projectConversation(e, { conversation: null, turn: null }))).toBe(true);
    for (const event of evaluation)
      expect(projectConversation(event, { conversation: null, turn: null })).toBeNull();
  });

  it('never enters the escalations projection (admin queue, dashboard escalations)', () => {
    const raised = evaluation.filter((e) => isEvent(e, EscalationRaised));
    expect(raised.length).toBeGreaterThan(0);
    for (const event of evaluation) {
      expect(escalationIdOf(event)).toBeNull();
      expect(projectEscalation(event, null)).toBeNull();
    }
    const liveRaised = live.find((e) => isEvent(e, EscalationRaised))!;
    expect(projectEscalation(liveRaised, null)).not.toBeNull();
  });

  it('keeps its turn traces, marked, for `cli trace`', () => {
    const liveRows = traces(live);
    const evalRows = traces(evaluation);
    expect(evalRows).toHaveLength(3);
    expect(liveRows.every((row) => !row.synthetic)).toBe(true);
    expect(evalRows.every((row) => row.synthetic)).toBe(true);
    // Apart from the ids and the flag, the traces are the same.
    expect(evalRows.map((r) => [r.route, r.reason, r.replyKind, r.escalationReason])).toEqual(
      liveRows.map((r) => [r.route, r.reason, r.replyKind, r.escalationReason]),
    );
    expect(renderTrace(evalRows[0]!)).toContain('evaluation traffic (synthetic)');
    expect(renderTrace(liveRows[0]!)).not.toContain('synthetic');
  });

  it('marks a trace whichever of its events arrives first (order-free, as live and replay)', () => {
    const turn = story('conv-mixed').filter((e, _, all) => e.turnId === all[0]!.turnId);
    // Only the reply says so (a turn is synthetic in all its events; any one is enough).
    const oneMarked = turn.map((e, i) => (i === turn.length - 1 ? { ...e, synthetic: true } : e));
    for (const order of seededShuffles(oneMarked, 10)) {
      const [row] = traces(order);
      expect(row!.synthetic).toBe(true);
    }
  });
});
