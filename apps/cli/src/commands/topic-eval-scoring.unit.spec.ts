import { describe, expect, it } from '@jest/globals';
import { formatTopicEvalReport } from './topic-eval-report.js';
import { scoreTopicEval, type TopicEvalRow } from './topic-eval-scoring.js';
import { parseEscalationSet } from './topic-eval-set.js';

const row = (
  id: string,
  lang: string,
  expected: TopicEvalRow['expected'],
  predicted: TopicEvalRow['predicted'],
): TopicEvalRow => ({ id, lang, expected, predicted, classifier: 'rules' });

const ROWS: TopicEvalRow[] = [
  row('a', 'en', 'delivery', 'delivery'),
  row('b', 'en', 'delivery', 'orders'),
  row('c', 'ar', 'orders', 'orders'),
  row('d', 'ar', 'payments', 'delivery'),
  row('e', 'mixed', 'product', 'delivery'),
  row('f', 'ar', 'payments', 'unclassified'),
  row('g', 'en', 'delivery', 'orders'),
];

describe('scoreTopicEval', () => {
  const score = scoreTopicEval(ROWS);

  it('counts accuracy over every row, a failed classification as wrong', () => {
    expect(score.overall).toEqual({ total: 7, correct: 2, accuracy: 0.2857 });
    expect(score.failed).toBe(1);
  });

  it('gives precision over what was labelled a topic and recall over what truly is it', () => {
    const delivery = score.topics.find((t) => t.topic === 'delivery')!;
    // Labelled delivery: a (right), d, e (wrong); truly delivery: a, b, g.
    expect(delivery).toEqual({
      topic: 'delivery',
      support: 3,
      predicted: 3,
      correct: 1,
      precision: 0.3333,
      recall: 0.3333,
    });
    const orders = score.topics.find((t) => t.topic === 'orders')!;
    expect(orders).toMatchObject({ support: 1, predicted: 3, precision: 0.3333, recall: 1 });
  });

  it('leaves precision and recall empty when there is nothing to divide by', () => {
    const account = score.topics.find((t) => t.topic === 'account')!;
    expect(account).toMatchObject({ support: 0, predicted: 0, precision: null, recall: null });
    const payments = score.topics.find((t) => t.topic === 'payments')!;
    expect(payments).toMatchObject({ support: 2, predicted: 0, precision: null, recall: 0 });
  });

  it('scores each language on its own rows', () => {
    expect(score.languages).toEqual({
      ar: { total: 3, correct: 1, accuracy: 0.3333 },
      en: { total: 3, correct: 1, accuracy: 0.3333 },
      mixed: { total: 1, correct: 0, accuracy: 0 },
    });
  });

  it('lists each confusion once with its ids, most frequent first', () => {
    expect(score.confusions[0]).toEqual({
      expected: 'delivery',
      predicted: 'orders',
      count: 2,
      ids: ['b', 'g'],
    });
    expect(score.confusions.map((c) => `${c.expected}>${c.predicted}`)).toEqual([
      'delivery>orders',
      'payments>delivery',
      'payments>unclassified',
      'product>delivery',
    ]);
  });

  it('scores an empty set as no accuracy rather than 0 or 100%', () => {
    expect(scoreTopicEval([]).overall).toEqual({ total: 0, correct: 0, accuracy: null });
  });
});

describe('formatTopicEvalReport', () => {
  it('prints the numbers, per topic and language, and the confusions', () => {
    const text = formatTopicEvalReport(scoreTopicEval(ROWS), { set: 's', classifier: 'rules' });
    expect(text).toContain('accuracy: 28.6% (2/7), 1 unclassified');
    expect(text).toMatch(/delivery\s+3\s+3\s+33\.3%\s+33\.3%/);
    expect(text).toMatch(/account\s+0\s+0\s+-\s+-/);
    expect(text).toMatch(/mixed\s+1\s+0\.0%/);
    expect(text).toContain('delivery -> orders  2  b, g');
  });
});

describe('parseEscalationSet', () => {
  const line = (fields: Record<string, unknown>) =>
    JSON.stringify({
      id: 'x1',
      lang: 'ar',
      question: 'ابي موظف',
      transcript: [
        { role: 'customer', text: 'وين شحنتي؟' },
        { role: 'customer', text: 'ابي موظف' },
      ],
      topic: 'delivery',
      ...fields,
    });

  it('reads the rows of a set, skipping blank lines', () => {
    const rows = parseEscalationSet(`${line({})}\n\n${line({ id: 'x2', note: 'why' })}\n`);
    expect(rows.map((r) => r.id)).toEqual(['x1', 'x2']);
    expect(rows[1]).toMatchObject({ topic: 'delivery', lang: 'ar', note: 'why' });
    expect(rows[0]!.transcript).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{', /set line 1: not JSON/],
    ['an unknown topic', line({ topic: 'billing' }), /`topic` "billing" is no topic/],
    ['the fallback topic', line({ topic: 'unclassified' }), /is no topic/],
    ['an unknown language', line({ lang: 'fr' }), /`lang` must be one of en, ar, mixed/],
    ['no question', line({ question: ' ' }), /`question`/],
    ['an empty transcript', line({ transcript: [] }), /`transcript` must be a non-empty list/],
    [
      'a line with an unknown role',
      line({ transcript: [{ role: 'bot', text: 'hi' }] }),
      /transcript line 1: `role`/,
    ],
  ])('refuses %s, naming the line', (_name, text, message) => {
    expect(() => parseEscalationSet(text, 'set')).toThrow(message);
  });

  it('refuses a duplicate id', () => {
    expect(() => parseEscalationSet(`${line({})}\n${line({})}`, 'set')).toThrow(
      /set line 2: duplicate id x1/,
    );
  });
});
