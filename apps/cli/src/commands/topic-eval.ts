import { readFileSync } from 'node:fs';
import {
  ClassifyEscalation,
  classifierLlmEnv,
  topicClassifierFromConfig,
} from '@support/classifier';
import { loadConfig } from '@support/platform';
import { formatTopicEvalReport } from './topic-eval-report.js';
import { parseEscalationSet } from './topic-eval-set.js';
import { scoreTopicEval, type TopicEvalRow, type TopicEvalScore } from './topic-eval-scoring.js';

// A set's lines carry no time; the classifier reads only who said what.
const UNDATED = new Date(0).toISOString();

export interface TopicEvalOptions {
  readonly set: string;
  readonly json?: boolean;
  /** Only the numbers: no row, no confusion with ids (for a blind set scored once). */
  readonly summary?: boolean;
  /** The environment the classifier is configured from (default `process.env`). */
  readonly env?: Record<string, string | undefined>;
  readonly print?: (text: string) => void;
}

/**
 * `eval-topics --set FILE.jsonl [--json] [--summary]`: labels every escalation of a set with the
 * classifier the classifier service would use under this environment (the rules, or the LLM when
 * `CLASSIFIER_LLM_BASE_URL` is set), through the same use case and deadline, and scores the labels.
 */
export async function topicEvalCommand(
  options: TopicEvalOptions,
): Promise<{ rows: TopicEvalRow[]; score: TopicEvalScore }> {
  const escalations = parseEscalationSet(readFileSync(options.set, 'utf8'), options.set);
  const config = loadConfig(classifierLlmEnv, options.env ?? process.env);
  const classifier = topicClassifierFromConfig(config);
  const classify = new ClassifyEscalation(classifier, config.CLASSIFIER_TIMEOUT_MS);
  const rows: TopicEvalRow[] = [];
  for (const escalation of escalations) {
    const result = await classify.execute({
      escalationId: escalation.id,
      question: escalation.question,
      transcript: escalation.transcript.map(({ role, text }) => ({ role, text, at: UNDATED })),
    });
    rows.push({
      id: escalation.id,
      lang: escalation.lang,
      expected: escalation.topic,
      predicted: result.topic,
      classifier: result.classifier,
      ...(result.confidence !== undefined ? { confidence: result.confidence } : {}),
      ...(result.error ? { error: result.error.code } : {}),
    });
  }
  const score = scoreTopicEval(rows);
  const print = options.print ?? ((text: string) => console.log(text));
  const context = {
    set: options.set,
    classifier:
      classifier.kind === 'llm'
        ? `llm (${config.CLASSIFIER_LLM_MODEL} at ${config.CLASSIFIER_LLM_BASE_URL})`
        : 'rules',
  };
  if (options.json && options.summary) {
    const { overall, failed, topics, languages } = score;
    print(JSON.stringify({ ...context, overall, failed, topics, languages }, null, 2));
  } else if (options.json) print(JSON.stringify({ ...context, score, rows }, null, 2));
  else if (options.summary)
    print(
      formatTopicEvalReport({ ...score, confusions: [] }, context).replace(
        /\n+confusions: none$/,
        '',
      ),
    );
  else print(formatTopicEvalReport(score, context));
  return { rows, score };
}
