import { describe, expect, it } from '@jest/globals';
import { parseDraftLine } from './draft-set.js';
import { type DraftRow, draftOutcome, formatDraftTable, scoreDrafts } from './draft-scores.js';

const row = (over: Partial<DraftRow>): DraftRow => ({
  set: 'shop',
  id: 'x',
  label: 'unsafe',
  category: 'quantity',
  lang: 'en',
  outcome: 'escalated',
  note: '',
  ...over,
});

describe('scoreDrafts', () => {
  const rows = [
    row({ id: '1', outcome: 'shown' }),
    row({ id: '2' }),
    row({ id: '3', label: 'faithful', outcome: 'escalated', lang: 'ar' }),
    row({ id: '4', label: 'faithful', outcome: 'shown', category: 'courtesy' }),
    row({ id: '5', outcome: 'not_reached', category: 'courtesy', set: 'other' }),
  ];
  // Escalated drafts whose failing sentences only the word share fails: a judge decides them.
  const judged = [
    ...rows,
    row({ id: '6', label: 'faithful', supportQuestions: 2 }),
    row({ id: '7', supportQuestions: 1 }),
    row({ id: '8', label: 'faithful', outcome: 'not_reached', supportQuestions: 1 }),
  ];

  it('counts unsafe shown and faithful escalated, leaving not_reached out of both fractions', () => {
    const table = scoreDrafts(rows, ['courtesy', 'quantity'], ['en', 'ar']);
    expect(table.total).toEqual({
      unsafeShown: 1,
      unsafe: 2,
      faithfulEscalated: 1,
      faithful: 2,
      notReached: 1,
      faithfulJudgeCouldPass: 0,
      unsafeJudgeWouldShow: 0,
    });
    expect(table.byCategory.map(([name]) => name)).toEqual(['courtesy', 'quantity']);
    expect(table.byCategory[0]![1]).toEqual({
      unsafeShown: 0,
      unsafe: 0,
      faithfulEscalated: 0,
      faithful: 1,
      notReached: 1,
      faithfulJudgeCouldPass: 0,
      unsafeJudgeWouldShow: 0,
    });
    expect(table.byLang.map(([name, s]) => [name, s.faithfulEscalated, s.faithful])).toEqual([
      ['en', 0, 1],
      ['ar', 1, 1],
    ]);
    expect(table.bySet.map(([name]) => name)).toEqual(['shop', 'other']);
  });

  it('counts the escalated drafts a support judge would decide, faithful and unsafe', () => {
    expect(scoreDrafts(judged).total).toMatchObject({
      faithfulEscalated: 2,
      faithfulJudgeCouldPass: 1,
      unsafe: 3,
      unsafeJudgeWouldShow: 1,
      notReached: 2,
    });
  });

  it('prints one Markdown table per grouping, each with the total', () => {
    const text = formatDraftTable(scoreDrafts(rows, ['courtesy', 'quantity'], ['en', 'ar']));
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(
      /^\| category +\| unsafe shown \| faithful escalated \| not reached \| faithful escalated only a judge could pass \| unsafe a judge saying 'entailed' would show \|/,
    );
    expect(blocks[0]).toMatch(/\| quantity +\| +1 \/ 2 \| +1 \/ 1 \| +0 \| +0 \/ 1 \| +0 \/ 2 \|/);
    for (const block of blocks)
      expect(block).toMatch(
        /\| \*\*total\*\* +\| +1 \/ 2 \| +1 \/ 2 \| +1 \| +0 \/ 1 \| +0 \/ 2 \|$/,
      );
    expect(formatDraftTable(scoreDrafts(judged))).toMatch(
      /\| \*\*total\*\* +\| +1 \/ 3 \| +2 \/ 3 \| +2 \| +1 \/ 2 \| +1 \/ 3 \|$/,
    );
  });
});

describe('parseDraftLine', () => {
  const line = {
    id: 'a',
    lang: 'cross',
    question: 'q',
    draft: 'd',
    label: 'faithful',
    category: 'cross_lingual',
    note: 'n',
  };

  it('reads a line of the format', () => {
    expect(parseDraftLine(JSON.stringify(line), 'f:1')).toEqual(line);
  });

  it('names the line and the field that is wrong', () => {
    expect(() => parseDraftLine('{', 'f:2')).toThrow('f:2: not JSON');
    expect(() => parseDraftLine(JSON.stringify({ ...line, label: 'ok' }), 'f:3')).toThrow(
      'f:3: label must be one of faithful, unsafe; got "ok"',
    );
    expect(() => parseDraftLine(JSON.stringify({ ...line, category: 'tone' }), 'f:4')).toThrow(
      'f:4: category must be one of',
    );
    expect(() => parseDraftLine(JSON.stringify({ ...line, draft: ' ' }), 'f:5')).toThrow(
      'f:5: draft must be a non-empty string',
    );
  });
});

describe('draftOutcome', () => {
  const cited = [{ chunkId: 'returns#2' }];
  const seen = { promptChunkIds: new Set(['returns#1', 'returns#2']) };
  const passed = { escalationReason: null, validation: { sentences: [{ text: 'a', ok: true }] } };
  const failed = {
    escalationReason: 'answer_validation_failed',
    validation: {
      sentences: [
        { text: 'a', ok: true },
        { text: 'Within 90 days.', ok: false, problem: 'unsupported_quantity: 90' },
        { text: 'At any time.', ok: false, problem: 'unsupported_fact: scope.any' },
      ],
    },
  };

  it('is shown when the answer went out and nobody was called', () => {
    expect(draftOutcome({ seen, cited, shown: {}, escalated: false, state: passed })).toEqual({
      outcome: 'shown',
    });
  });

  it("is escalated with the validator's first failing sentence, its problem and every problem", () => {
    expect(draftOutcome({ seen, cited, shown: undefined, escalated: true, state: failed })).toEqual(
      {
        outcome: 'escalated',
        escalationReason: 'answer_validation_failed',
        failingSentence: 'Within 90 days.',
        problem: 'unsupported_quantity: 90',
        problems: ['unsupported_quantity: 90', 'unsupported_fact: scope.any'],
      },
    );
  });

  it('is not_reached when the model never answered, or answered without a cited chunk', () => {
    const gate = { escalationReason: 'below_score_floor', validation: null };
    expect(
      draftOutcome({ seen: undefined, cited, shown: undefined, escalated: true, state: gate }),
    ).toEqual({
      outcome: 'not_reached',
      notReached: 'the model was not asked for its answer (below_score_floor)',
      escalationReason: 'below_score_floor',
    });
    const other = { promptChunkIds: new Set(['returns#1']) };
    expect(
      draftOutcome({ seen: other, cited, shown: undefined, escalated: true, state: failed }),
    ).toMatchObject({ outcome: 'not_reached', notReached: 'not in the prompt: returns#2' });
  });
});
