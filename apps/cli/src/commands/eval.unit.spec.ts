import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { type EvalRow, evalCommand, latencySummary } from './eval.js';

const dir = mkdtempSync(join(tmpdir(), 'eval-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (
  id: string,
  route: EvalRow['route'],
  reply: string,
  citations: string[] = [],
  latency = 10,
): EvalRow => ({
  id,
  route,
  reason: route === 'escalated' ? 'below_score_floor' : null,
  reply,
  citations,
  chunks: [],
  gate: null,
  latency_ms: latency,
});

const questions = [
  {
    id: 'a',
    q: 'How long to return?',
    kind: 'in_kb',
    expect: 'answer',
    docs: ['returns'],
    key: '14 days',
  },
  {
    id: 'b',
    q: 'Refund time?',
    kind: 'in_kb',
    expect: 'answer',
    docs: ['refunds'],
    key: '5 to 10',
  },
  { id: 'c', q: 'Do you sell shoes?', kind: 'neighbour', expect: 'abstain', docs: [] },
];
const rows = [
  row('a', 'answered', 'Within 14 days. [returns#1]', ['returns#1'], 20),
  // Answered from the right document without the fact asked for: the old harness counted it answered.
  row('b', 'answered', 'Refunds go to the original payment method. [refunds#1]', ['refunds#1'], 40),
  row('c', 'escalated', 'A colleague will reply here.'),
];

describe('eval --rows', () => {
  it('scores the rows of an earlier run without asking again and writes each row with its outcome', async () => {
    const questionsFile = join(dir, 'questions.jsonl');
    const rowsFile = join(dir, 'rows.jsonl');
    const outFile = join(dir, 'scored.jsonl');
    writeFileSync(questionsFile, questions.map((q) => JSON.stringify(q)).join('\n'));
    writeFileSync(rowsFile, rows.map((r) => JSON.stringify(r)).join('\n'));
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const score = await evalCommand({
        questions: questionsFile,
        rows: rowsFile,
        out: outFile,
        timeoutMs: 1000,
        json: true,
      });
      expect(score.overall).toMatchObject({ n: 3, correct: 1, wrong: 1, escalated: 1, crag: 0 });
      const printed = JSON.parse(String(log.mock.calls[0]![0])) as Record<string, unknown>;
      expect(printed).toMatchObject({
        overall: { correct: 1, wrong: 1 },
        latencyMs: { p50: 20, p99: 40 },
      });
      expect(printed.targets).toContainEqual({ target: 'wrong = 0', actual: '1', met: false });
    } finally {
      log.mockRestore();
    }
    const written = readFileSync(outFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as EvalRow);
    expect(written.map((r) => [r.id, r.outcome])).toEqual([
      ['a', 'correct'],
      ['b', 'wrong'],
      ['c', 'escalated'],
    ]);
    expect(written[0]).toMatchObject({ reply: rows[0]!.reply, citations: ['returns#1'] });
  });

  it('refuses a questions file whose key is not a regular expression before asking anything', async () => {
    const questionsFile = join(dir, 'bad.jsonl');
    writeFileSync(questionsFile, JSON.stringify({ ...questions[0], key: '14 (days' }));
    await expect(
      evalCommand({
        questions: questionsFile,
        kb: join(dir, 'no-kb'),
        out: join(dir, 'x'),
        timeoutMs: 1000,
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('reports turn latency percentiles', () => {
    expect(latencySummary(rows)).toEqual({ p50: 20, p99: 40 });
  });
});
