import { describe, expect, it } from '@jest/globals';
import { parseEvalQuestions } from './eval-questions.js';

const line = (row: Record<string, unknown>) => JSON.stringify(row);
const base = {
  id: 'q1',
  q: 'Can I return a dress?',
  kind: 'in_kb',
  expect: 'answer',
  docs: ['returns'],
};

describe('parsing an evaluation set', () => {
  it('reads one question a line, skipping blank lines, with the optional key', () => {
    const text = `${line({ ...base, key: '14 days' })}\n\n${line({ ...base, id: 'q2', expect: 'either' })}\n`;
    expect(parseEvalQuestions(text)).toEqual([
      { ...base, key: '14 days' },
      { ...base, id: 'q2', expect: 'either' },
    ]);
  });

  it.each([
    [
      'a key that is not a regular expression',
      { ...base, id: 'q2', key: '14 (days' },
      /line 2: `key` is not a regular expression/,
    ],
    [
      'an unknown expectation',
      { ...base, id: 'q2', expect: 'maybe' },
      /line 2: `expect` must be one of/,
    ],
    ['a duplicate id', base, /line 2: duplicate id q1/],
    [
      'docs that are not a list',
      { ...base, id: 'q2', docs: 'returns' },
      /line 2: `docs` must be a list/,
    ],
    ['a row without its question', { ...base, id: 'q2', q: '' }, /line 2: `q` must be/],
  ])('refuses %s, naming the line', (_what, row, message) => {
    expect(() => parseEvalQuestions(`${line(base)}\n${line(row)}`, 'set.jsonl')).toThrow(message);
    try {
      parseEvalQuestions(`${line(base)}\n${line(row)}`, 'set.jsonl');
    } catch (error) {
      expect(error).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('refuses a line that is not JSON', () => {
    expect(() => parseEvalQuestions('{"id": "q1",', 'set.jsonl')).toThrow(
      'set.jsonl line 1: not JSON',
    );
  });
});
