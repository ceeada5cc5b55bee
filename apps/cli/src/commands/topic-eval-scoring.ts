import { LABEL_TOPICS, type LabelTopic } from '@support/classifier/pure';
import type { EscalationTopic } from '@support/contracts';

/** One escalation of a set as the classifier labelled it. */
export interface TopicEvalRow {
  readonly id: string;
  readonly lang: string;
  readonly expected: LabelTopic;
  /** `unclassified` when the classifier failed (timeout, invalid answer, model down). */
  readonly predicted: EscalationTopic;
  readonly classifier: string;
  readonly confidence?: number;
  /** The fallback's error code when the classifier failed. */
  readonly error?: string;
}

export interface TopicScore {
  readonly topic: LabelTopic;
  /** Escalations whose true topic this is. */
  readonly support: number;
  /** Escalations labelled with it. */
  readonly predicted: number;
  readonly correct: number;
  /** correct / predicted; null when nothing was labelled with the topic. */
  readonly precision: number | null;
  /** correct / support; null when the set has no escalation of the topic. */
  readonly recall: number | null;
}

export interface GroupScore {
  readonly total: number;
  readonly correct: number;
  readonly accuracy: number | null;
}

export interface Confusion {
  readonly expected: LabelTopic;
  readonly predicted: EscalationTopic;
  readonly count: number;
  readonly ids: readonly string[];
}

export interface TopicEvalScore {
  readonly overall: GroupScore;
  /** Escalations the classifier failed on (labelled `unclassified`); they count as wrong. */
  readonly failed: number;
  readonly topics: readonly TopicScore[];
  readonly languages: Readonly<Record<string, GroupScore>>;
  /** Every (true, given) pair that differs, most frequent first. */
  readonly confusions: readonly Confusion[];
}

const ratio = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1e4) / 1e4;

const group = (rows: readonly TopicEvalRow[]): GroupScore => {
  const correct = rows.filter((r) => r.predicted === r.expected).length;
  return { total: rows.length, correct, accuracy: ratio(correct, rows.length) };
};

/** Accuracy overall and per language, precision and recall per topic, and the confusions. */
export function scoreTopicEval(rows: readonly TopicEvalRow[]): TopicEvalScore {
  const topics = LABEL_TOPICS.map((topic): TopicScore => {
    const support = rows.filter((r) => r.expected === topic).length;
    const predicted = rows.filter((r) => r.predicted === topic).length;
    const correct = rows.filter((r) => r.expected === topic && r.predicted === topic).length;
    return {
      topic,
      support,
      predicted,
      correct,
      precision: ratio(correct, predicted),
      recall: ratio(correct, support),
    };
  });
  const languages: Record<string, GroupScore> = {};
  for (const lang of [...new Set(rows.map((r) => r.lang))].sort())
    languages[lang] = group(rows.filter((r) => r.lang === lang));
  const pairs = new Map<
    string,
    { expected: LabelTopic; predicted: EscalationTopic; ids: string[] }
  >();
  for (const row of rows) {
    if (row.predicted === row.expected) continue;
    const key = `${row.expected}>${row.predicted}`;
    const pair = pairs.get(key) ?? { expected: row.expected, predicted: row.predicted, ids: [] };
    pair.ids.push(row.id);
    pairs.set(key, pair);
  }
  const confusions = [...pairs.values()]
    .map((p) => ({ ...p, count: p.ids.length }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.expected.localeCompare(b.expected) ||
        a.predicted.localeCompare(b.predicted),
    );
  return {
    overall: group(rows),
    failed: rows.filter((r) => r.predicted === 'unclassified').length,
    topics,
    languages,
    confusions,
  };
}
