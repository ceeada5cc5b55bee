import { beforeAll, describe, expect, it } from '@jest/globals';
import { seededShuffles } from '@support/testing/pure';
import {
  createEvent,
  EXAMPLE_PAYLOADS,
  MessageReceived,
  type EventEnvelope,
  ReplySent,
  TurnOutcome,
} from '@support/contracts';
import { projectTurnTrace } from './project-turn-trace.js';
import { renderTrace } from './render-trace.js';
import { fixturePersonalData, sealForTests } from '@support/privacy/testing';
import { ANSWER_CHUNKS, traceStory } from '../../testing/trace-fixtures.js';
import { openTurnTrace } from './turn-trace-reader.js';
import type { TurnTraceState } from './turn-trace-model.js';

let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const T1 = 'a0000000-0000-4000-8000-000000000001';
const T2 = 'a0000000-0000-4000-8000-000000000002';
const T3 = 'a0000000-0000-4000-8000-000000000003';
const start = new Date('2026-12-02T10:00:00.000Z');
const story = traceStory({ newId, conversationId: 'conv-1', turnIds: [T1, T2, T3], start });

function fold(events: EventEnvelope[]): TurnTraceState[] {
  const rows = new Map<string, TurnTraceState>();
  for (const e of events) {
    const next = projectTurnTrace(e, e.turnId ? (rows.get(e.turnId) ?? null) : null);
    if (next) rows.set(next.turnId, next);
  }
  return [...rows.values()].sort((a, b) => a.turnId.localeCompare(b.turnId));
}

describe('turn_traces projection (pure)', () => {
  it('keeps the message, the last retrieval, the exact prompt chunks, the draft and the verdict', async () => {
    const [sealed] = fold(story);
    // The row holds the message, the reply, the draft and the verdict sealed; a reader opens them.
    expect(sealed!.customerMessage).toMatch(/^pd1\./);
    expect(sealed!.reply).toMatch(/^pd1\./);
    expect(sealed!.draft).toMatch(/^pd1\./);
    expect(sealed!.validation!.sentences.every((s) => s.text.startsWith('pd1.'))).toBe(true);
    const answered = await openTurnTrace(fixturePersonalData(), sealed!);
    expect(answered).toMatchObject({
      turnId: T1,
      conversationId: 'conv-1',
      customerMessage: 'Can I return a dress?',
      messageAt: '2026-12-02T10:00:00.000Z',
      route: 'answered',
      reason: 'validation_passed',
      replyKind: 'answer',
      replyAt: '2026-12-02T10:00:09.000Z',
      latencyMs: 9_000,
      escalationReason: null,
    });
    expect(answered!.retrieval).toMatchObject({
      verdict: 'ok',
      language: 'en',
      legs: [
        { leg: 'dense', status: 'ok', latencyMs: 12, hits: 20 },
        { leg: 'sparse_en', status: 'ok', latencyMs: 3, hits: 9 },
        { leg: 'sparse_ar', status: 'skipped', latencyMs: 0, hits: 0 },
      ],
      rerank: { scorer: 'cross_encoder', failOpen: false },
      gate: { kind: 'reranker', floor: 0.3, topScore: 0.82, passed: true },
    });
    expect(answered!.retrieval!.fused.map((f) => f.chunkId)).toEqual(
      ANSWER_CHUNKS.map((c) => c.chunkId),
    );
    expect(answered!.promptChunks).toEqual(ANSWER_CHUNKS);
    expect(answered!.draft).toContain('Hi!');
    expect(answered!.validation!.sentences.map((s) => [s.text, s.ok, s.factual])).toEqual([
      ['Yes, within 14 days [returns-retail#2].', true, true],
      ['Refunds take 5 days [returns-retail#5].', true, true],
      ['Hi!', true, false],
    ]);
    expect(answered!.events.map((e) => e.type)).toEqual([
      'conversation.message_received',
      'retrieval.requested',
      'retrieval.completed',
      'retrieval.requested',
      'rerank.requested',
      'rerank.completed',
      'retrieval.completed',
      'agent.reply_sent',
    ]);
  });

  it('routes an abstention with its escalation reason, fail-open reranker and lexical gate', async () => {
    const [, sealed, held] = fold(story);
    const escalated = await openTurnTrace(fixturePersonalData(), sealed!);
    expect(escalated).toMatchObject({
      route: 'escalated',
      reason: 'below_score_floor',
      replyKind: 'abstention',
      reply: 'A colleague will get back to you.',
      draft: null,
      validation: null,
      latencyMs: 4_000,
    });
    expect(escalated!.retrieval!.rerank).toMatchObject({ failOpen: true, scorer: 'lexical' });
    expect(escalated!.retrieval!.gate).toEqual({
      kind: 'lexical',
      floor: 0.25,
      topScore: 0.1,
      passed: false,
    });
    // The admin's later reply joins the events but is not the turn's reply.
    expect(escalated!.events.at(-1)!.type).toBe('agent.reply_sent');
    expect(held).toMatchObject({ route: 'held', reason: 'human_active', replyKind: 'holding' });
  });

  it('ignores events without a turn and events of other projections, and is idempotent', () => {
    const orphan = createEvent(
      MessageReceived,
      EXAMPLE_PAYLOADS['conversation.message_received'] as never,
      {
        id: newId(),
        occurredAt: start.toISOString(),
        conversationId: 'c',
        turnId: null,
        correlationId: newId(),
      },
    );
    expect(projectTurnTrace(orphan, null)).toBeNull();
    const once = fold(story);
    expect(fold([...story, ...story])).toEqual(once);
  });

  it('reads a clarifying question opened, the options it offered on their own lines', async () => {
    const question = createEvent(
      ReplySent,
      {
        replyId: newId(),
        customerId: 'cust-1',
        kind: 'clarification',
        text: sealForTests('Which of these is it about?'),
        language: 'en',
        citations: [],
        options: [
          { id: 'section:size-exchanges#2', title: 'Exchanging for another size' },
          { id: 'none', title: 'None of these' },
        ],
      },
      { id: newId(), occurredAt: start.toISOString(), turnId: T1, correlationId: T1 },
    );
    const row = projectTurnTrace(question, null)!;
    expect(row.reply!.split('\n')[0]).toMatch(/^pd1\./);
    expect((await openTurnTrace(fixturePersonalData(), row)).reply).toBe(
      'Which of these is it about?\n- Exchanging for another size\n- None of these',
    );
  });

  it('ends in the same rows whatever order the events arrive in', () => {
    const expected = fold(story);
    for (const shuffled of seededShuffles(story)) expect(fold(shuffled)).toEqual(expected);
  });
});

describe('turn_traces projection and the turn.outcome event', () => {
  const withOutcomes = traceStory({
    newId,
    conversationId: 'conv-1',
    turnIds: [T1, T2, T3],
    start,
    turnOutcomes: true,
  });
  const outcomeOf = (turnId: string, second: number, payload: Record<string, unknown>) =>
    createEvent(TurnOutcome, { customerId: 'cust-1', replyId: newId(), ...payload } as never, {
      id: newId(),
      occurredAt: new Date(start.getTime() + second * 1_000).toISOString(),
      conversationId: 'conv-1',
      turnId,
      correlationId: turnId,
    });

  it('takes route, reason and group from the outcome, as a log without it derives them', () => {
    const rows = fold(withOutcomes);
    expect(rows.map((r) => [r.route, r.reason, r.outcome?.group ?? null])).toEqual([
      ['answered', 'validation_passed', null],
      ['escalated', 'below_score_floor', 'avoidable'],
      ['held', 'human_active', null],
    ]);
    // The same turns logged before the event existed read the same (legacy-turn-outcome.ts).
    const legacy = fold(story);
    expect(legacy.map((r) => [r.route, r.reason, r.outcome])).toEqual([
      ['answered', 'validation_passed', null],
      ['escalated', 'below_score_floor', null],
      ['held', 'human_active', null],
    ]);
    expect(rows[0]!.events.at(-1)!.type).toBe('turn.outcome');
  });

  it('lets the outcome decide where the replies would say otherwise', () => {
    // An abstention whose escalation.raised was never read: the outcome still gives the reason.
    const abstention = withOutcomes.filter(
      (e) => e.turnId === T2 && e.type !== 'escalation.raised',
    );
    const [row] = fold(abstention);
    expect(row).toMatchObject({ route: 'escalated', reason: 'below_score_floor' });
    expect(fold(abstention.filter((e) => e.type !== 'turn.outcome'))[0]).toMatchObject({
      route: 'escalated',
      reason: null,
    });
  });

  it('keeps the earliest of two outcomes of a turn, in any order', () => {
    const first = outcomeOf(T1, 9, { outcome: 'answered', reason: 'validation_passed' });
    const second = outcomeOf(T1, 10, {
      outcome: 'escalated',
      reason: 'answer_validation_failed',
      group: 'avoidable',
      escalationId: newId(),
    });
    const events = [...withOutcomes.filter((e) => e.turnId === T1), first, second];
    const expected = fold(events);
    expect(expected[0]!.outcome).toEqual({ outcome: 'answered', reason: 'validation_passed' });
    for (const shuffled of seededShuffles(events)) expect(fold(shuffled)).toEqual(expected);
  });

  it('ends in the same rows whatever order the events arrive in, and twice is once', () => {
    const expected = fold(withOutcomes);
    for (const shuffled of seededShuffles(withOutcomes)) expect(fold(shuffled)).toEqual(expected);
    expect(fold([...withOutcomes, ...withOutcomes])).toEqual(expected);
  });
});

describe('renderTrace', () => {
  let answered: TurnTraceState | undefined;
  let escalated: TurnTraceState | undefined;
  beforeAll(async () => {
    const personalData = fixturePersonalData();
    [answered, escalated] = await Promise.all(
      fold(story).map((trace) => openTurnTrace(personalData, trace)),
    );
  });

  it('prints every section of an answered turn, with the exact prompt chunks', () => {
    const text = renderTrace(answered!);
    for (const title of [
      'Customer message',
      'Route',
      'Retrieval legs',
      'Fused list (RRF)',
      'Reranker',
      'Gate',
      'Prompt chunks',
      'Draft',
      'Validation',
      'Reply',
      'Events',
    ])
      expect(text).toContain(`== ${title}`);
    expect(text).toContain('Can I return a dress?');
    expect(text).toContain('answered — validation_passed');
    expect(text).toMatch(/sparse_en\s+ok\s+3 ms\s+9 hits/);
    expect(text).toMatch(/sparse_ar\s+skipped/);
    expect(text).toContain('reranker gate: top 0.820 vs floor 0.300: passed');
    expect(text).toContain('[1] returns-retail#2  doc returns-retail  score 0.820');
    expect(text).toContain('[2] returns-retail#5  doc returns-retail  score 0.610');
    for (const c of ANSWER_CHUNKS)
      for (const line of c.text.split('\n')) expect(text).toContain(line);
    expect(text).toMatch(/1\. ok {3}factual {2}cites returns-retail#2/);
    expect(text).toMatch(/3\. ok {3}non-factual/);
    expect(text.indexOf('== Prompt chunks')).toBeLessThan(text.indexOf('== Draft'));
  });

  it('prints the fail-open reranker, the failed gate and the abstention', () => {
    const text = renderTrace(escalated!);
    expect(text).toContain('escalated — below_score_floor');
    expect(text).toMatch(/sparse_en\s+timed_out\s+2000 ms/);
    expect(text).toContain('FAIL-OPEN (lexical, 2000 ms) timeout');
    expect(text).toContain('lexical gate: top 0.100 vs floor 0.250: FAILED');
    expect(text).toContain('== Abstention');
    expect(text).toContain('A colleague will get back to you.');
    expect(text).toContain('did not enter a prompt');
  });
});

describe('the sentence gate in the trace', () => {
  // Turn 1's last retrieval, as an extractive agent's request gets it: the chunks pass their
  // floor, no sentence of them answers.
  const withSentenceGate = story.map((event) => {
    if (event.type !== 'retrieval.completed' || event.turnId !== T1) return event;
    const payload = event.payload as { gate: { topScore: number } };
    if (payload.gate.topScore < 0.5) return event;
    return {
      ...event,
      payload: {
        ...payload,
        verdict: 'below_score_floor',
        gate: {
          ...payload.gate,
          passed: false,
          sentence: {
            floor: 0.5,
            passed: false,
            sentences: [
              { chunkId: 'returns-retail#2', text: 'Refunds take 5 days.', score: 0.31 },
              { chunkId: 'returns-retail#5', text: 'Perfume stains silk.', score: 0.12 },
            ],
          },
        },
      },
    } as EventEnvelope;
  });

  it('keeps the sentence scores of the last retrieval and prints them under the gate', () => {
    const [row] = fold(withSentenceGate);
    expect(row!.retrieval!.gate).toEqual({
      kind: 'reranker',
      floor: 0.3,
      topScore: 0.82,
      passed: false,
      sentence: {
        floor: 0.5,
        passed: false,
        sentences: [
          { chunkId: 'returns-retail#2', text: 'Refunds take 5 days.', score: 0.31 },
          { chunkId: 'returns-retail#5', text: 'Perfume stains silk.', score: 0.12 },
        ],
      },
    });
    const text = renderTrace(row!);
    expect(text).toContain('reranker gate: top 0.820 vs floor 0.300: passed');
    expect(text).toContain('sentence gate: best 0.310 vs floor 0.500: FAILED');
    expect(text).toContain('returns-retail#2  0.310  Refunds take 5 days.');
  });
});
