import { describe, expect, it } from '@jest/globals';
import { type EvalRow, summariseEval } from './eval.js';

const row = (
  id: string,
  route: EvalRow['route'],
  citations: string[] = [],
  latency = 10,
): EvalRow => ({
  id,
  route,
  reason: route === 'escalated' ? 'below_score_floor' : null,
  reply: '',
  citations,
  chunks: [],
  gate: null,
  latency_ms: latency,
});

describe('eval summary', () => {
  it('counts answered share per kind, abstentions where expected and answers citing other documents', () => {
    const questions = [
      { id: 'a', q: '', kind: 'in_kb', expect: 'answer', docs: ['returns'] },
      { id: 'b', q: '', kind: 'in_kb', expect: 'answer', docs: ['returns'] },
      { id: 'c', q: '', kind: 'neighbour', expect: 'abstain', docs: [] },
      { id: 'd', q: '', kind: 'neighbour', expect: 'abstain', docs: [] },
    ];
    const summary = summariseEval(questions, [
      row('a', 'answered', ['returns#1', 'tool-get-order-status#1'], 20),
      row('b', 'answered', ['delivery#2'], 40),
      row('c', 'escalated'),
      row('d', 'answered', ['returns#1']),
    ]);
    expect(summary.perKind).toEqual({
      in_kb: { n: 2, answeredShare: 1 },
      neighbour: { n: 2, answeredShare: 0.5 },
    });
    expect(summary).toMatchObject({
      abstainExpected: 2,
      abstainExpectedEscalated: 1,
      abstainExpectedEscalatedShare: 0.5,
    });
    expect(summary.answersCitingWrongDocument).toEqual(['b']);
    expect(summary.latencyMs).toEqual({ p50: 10, p99: 40 });
  });
});
