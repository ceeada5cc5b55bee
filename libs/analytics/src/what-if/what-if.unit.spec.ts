import { describe, expect, it } from '@jest/globals';
import { gatePrecisionRecall, parseJsonl } from './gate-precision-recall.js';
import { formatSweepTable, plotSweep } from './plot.js';
import { toGateOutcome } from './read-gate-outcomes.js';
import { currentFloors, floorRange, type GateOutcome, sweepWhatIf, whatIf } from './what-if.js';

const turn = (
  turnId: string,
  topScore: number | null,
  escalationReason: GateOutcome['escalationReason'] = null,
  overrides: Partial<GateOutcome> = {},
): GateOutcome => ({
  turnId,
  verdict:
    escalationReason === 'retrieval_unavailable'
      ? 'retrieval_unavailable'
      : topScore !== null && topScore >= 0.3
        ? 'ok'
        : 'below_score_floor',
  gateKind: 'reranker',
  topScore,
  floor: 0.3,
  escalationReason:
    escalationReason ?? (topScore !== null && topScore >= 0.3 ? null : 'below_score_floor'),
  ...overrides,
});

// Live floor 0.3 (reranker) and 0.2 (lexical).
const TURNS: GateOutcome[] = [
  turn('a', 0.82),
  turn('b', 0.45),
  turn('c', 0.31),
  turn('d', 0.3),
  turn('e', 0.25), // below floor
  turn('f', 0.1), // below floor
  turn('g', null), // no candidate
  turn('h', 0.9, 'answer_validation_failed'),
  turn('i', 0.35, 'agent_requested'),
  turn('j', null, 'retrieval_unavailable', { gateKind: null, floor: null }),
  turn('k', 0.22, null, { gateKind: 'lexical', floor: 0.2, verdict: 'ok', escalationReason: null }),
  turn('l', 0.15, 'below_score_floor', {
    gateKind: 'lexical',
    floor: 0.2,
    verdict: 'below_score_floor',
  }),
];
const LIVE_ESCALATIONS = TURNS.filter((t) => t.escalationReason !== null).length;

describe('whatIf', () => {
  it('at the live floors nothing flips and the escalation count equals the live one', () => {
    for (const floors of [{}, currentFloors(TURNS), { reranker: 0.3, lexical: 0.2 }]) {
      const result = whatIf(TURNS, floors);
      expect(result.escalated).toBe(LIVE_ESCALATIONS);
      expect(result.liveEscalated).toBe(LIVE_ESCALATIONS);
      expect(result.escalated).toBe(7);
      expect(result.belowFloor).toBe(4); // e, f, g, l
      expect(result.newlyEscalated).toEqual([]);
      expect(result.newlyAnswered).toEqual([]);
      expect(result.escalationRate).toBeCloseTo(7 / 12);
    }
    expect(currentFloors(TURNS)).toEqual({ reranker: 0.3, lexical: 0.2 });
  });

  it('raising the reranker floor escalates exactly the answered reranker turns under it', () => {
    const result = whatIf(TURNS, { reranker: 0.4 });
    expect(result.newlyEscalated).toEqual(['c', 'd']);
    expect(result.newlyAnswered).toEqual([]);
    expect(result.escalated).toBe(9);
    // lexical turns keep their recorded floor
    expect(whatIf(TURNS, { reranker: 0.4, lexical: 0.25 }).newlyEscalated).toEqual(['c', 'd', 'k']);
  });

  it('lowering the floor lets below-floor turns reach the model, never a null score', () => {
    const result = whatIf(TURNS, { reranker: 0.2, lexical: 0.1 });
    expect(result.newlyAnswered).toEqual(['e', 'l']);
    expect(result.newlyEscalated).toEqual([]);
    expect(whatIf(TURNS, { reranker: 0, lexical: 0 }).newlyAnswered).toEqual(['e', 'f', 'l']);
  });

  it('turns escalated for a reason other than the floor never flip', () => {
    for (const floor of [0, 0.05, 0.3, 0.5, 0.95, 1]) {
      const result = whatIf(TURNS, { reranker: floor, lexical: floor });
      const flipped = [...result.newlyAnswered, ...result.newlyEscalated];
      for (const id of ['h', 'i', 'j']) expect(flipped).not.toContain(id);
    }
    // even at floor 0 they stay escalated
    expect(whatIf(TURNS, { reranker: 0, lexical: 0 }).escalated).toBe(4); // g, h, i, j
  });
});

describe('sweepWhatIf', () => {
  it('escalations never decrease as the floor rises, for each sweep target', () => {
    for (const target of ['both', 'reranker', 'lexical'] as const) {
      const rows = sweepWhatIf(TURNS, 0, 1, 0.05, target);
      expect(rows).toHaveLength(21);
      expect(rows[0]!.floor).toBe(0);
      expect(rows.at(-1)!.floor).toBe(1);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.escalated).toBeGreaterThanOrEqual(rows[i - 1]!.escalated);
        expect(rows[i]!.belowFloor).toBeGreaterThanOrEqual(rows[i - 1]!.belowFloor);
      }
    }
    const both = sweepWhatIf(TURNS, 0, 1, 0.05);
    expect(both.find((r) => r.floor === 0.3)!.escalated).toBe(8); // lexical k (0.22) now blocked too
    expect(both.at(-1)!.escalated).toBe(TURNS.length); // floor 1: every score is below 1
  });

  it('floorRange has no float drift and validates its input', () => {
    expect(floorRange(0.1, 0.3, 0.1)).toEqual([0.1, 0.2, 0.3]);
    expect(floorRange(0, 1, 0.05)).toContain(0.35);
    expect(() => floorRange(0, 1, 0)).toThrow();
    expect(() => floorRange(1, 0, 0.1)).toThrow();
  });

  it('renders a table and an ASCII plot', () => {
    const rows = sweepWhatIf(TURNS, 0, 1, 0.1);
    const plot = plotSweep(rows, { mark: 0.3 });
    expect(plot).toContain('100% |');
    expect(plot).toContain('^ 0.3 (current)');
    expect(plot.split('\n').filter((l) => l.includes('*'))).not.toHaveLength(0);
    expect(formatSweepTable(rows).split('\n')[0]).toContain('would_reach_model');
    expect(plotSweep([])).toContain('no sweep rows');
  });
});

describe('gatePrecisionRecall', () => {
  const gate = (topScore: number | null) => ({
    kind: 'reranker',
    floor: 0.3,
    topScore,
    passed: false,
  });
  const rows = [
    { id: 'q1', route: 'answered', reason: null, gate: gate(0.9) },
    { id: 'q2', route: 'answered', reason: null, gate: gate(0.5) },
    { id: 'q3', route: 'escalated', reason: 'below_score_floor', gate: gate(0.2) },
    { id: 'q4', route: 'answered', reason: null, gate: gate(0.4) },
    { id: 'q5', route: 'escalated', reason: 'below_score_floor', gate: gate(0.1) },
    { id: 'q6', route: 'escalated', reason: 'retrieval_unavailable', gate: null },
    { id: 'q7', route: 'answered', reason: null, gate: gate(0.8) }, // unlabelled
  ];
  const questions = parseJsonl<{ id: string; expect?: string }>(
    [
      '{"id":"q1","q":"?","expect":"answer"}',
      '{"id":"q2","q":"?","expect":"answer"}',
      '{"id":"q3","q":"?","expect":"answer"}',
      '',
      '{"id":"q4","q":"?","expect":"abstain"}',
      '{"id":"q5","q":"?","expect":"abstain"}',
      '{"id":"q6","q":"?","expect":"answer"}',
      '{"id":"q7","q":"?"}',
    ].join('\n'),
  );

  it('counts TP/FP/FN per floor by hand', () => {
    const [f0, f3, f45, f95] = gatePrecisionRecall(rows, questions, [0, 0.3, 0.45, 0.95]);
    // floor 0: admitted q1 q2 q3 (answer) q4 q5 (abstain); q6 has no gate → blocked
    expect(f0).toMatchObject({ tp: 3, fp: 2, fn: 1, tn: 0 });
    expect(f0!.precision).toBeCloseTo(3 / 5);
    expect(f0!.recall).toBeCloseTo(3 / 4);
    // floor 0.3: admitted q1 q2 q4
    expect(f3).toMatchObject({ tp: 2, fp: 1, fn: 2, tn: 1 });
    expect(f3!.precision).toBeCloseTo(2 / 3);
    expect(f3!.recall).toBeCloseTo(2 / 4);
    // floor 0.45: admitted q1 q2
    expect(f45).toMatchObject({ tp: 2, fp: 0, fn: 2, tn: 2, precision: 1, recall: 0.5 });
    // floor 0.95: nothing admitted
    expect(f95).toMatchObject({ tp: 0, fp: 0, fn: 4, tn: 2, precision: null, recall: 0 });
  });
});

describe('toGateOutcome', () => {
  it('maps a turn without retrieval to a floor-independent escalation', () => {
    expect(toGateOutcome('t', { retrieval: null, escalationReason: 'agent_requested' })).toEqual({
      turnId: 't',
      verdict: null,
      gateKind: null,
      topScore: null,
      floor: null,
      escalationReason: 'agent_requested',
    });
  });
});
