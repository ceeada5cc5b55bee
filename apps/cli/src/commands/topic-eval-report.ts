import type { TopicEvalScore } from './topic-eval-scoring.js';

const percent = (value: number | null): string =>
  value === null ? '-' : `${(value * 100).toFixed(1)}%`;

/** The score as the text a person reads: overall, per topic, per language, then the confusions. */
export function formatTopicEvalReport(
  score: TopicEvalScore,
  context: { set: string; classifier: string },
): string {
  const { overall } = score;
  const lines = [
    `set: ${context.set}`,
    `classifier: ${context.classifier}`,
    `accuracy: ${percent(overall.accuracy)} (${overall.correct}/${overall.total})` +
      (score.failed > 0 ? `, ${score.failed} unclassified (classifier failed)` : ''),
    '',
    'topic      support  labelled  precision  recall',
    ...score.topics.map(
      (t) =>
        `${t.topic.padEnd(10)} ${String(t.support).padStart(7)}  ${String(t.predicted).padStart(8)}  ` +
        `${percent(t.precision).padStart(9)}  ${percent(t.recall).padStart(6)}`,
    ),
    '',
    'language   total  accuracy',
    ...Object.entries(score.languages).map(
      ([lang, g]) =>
        `${lang.padEnd(10)} ${String(g.total).padStart(5)}  ${percent(g.accuracy).padStart(8)}`,
    ),
    '',
    score.confusions.length === 0 ? 'confusions: none' : 'confusions (true -> labelled):',
    ...score.confusions.map(
      (c) => `  ${c.expected} -> ${c.predicted}  ${c.count}  ${c.ids.join(', ')}`,
    ),
  ];
  return lines.join('\n');
}
