import type { ChatMessage, ChatModel } from '@support/models';
import {
  ClassificationError,
  ClassifierInvalidAnswer,
  ClassifierTimeout,
  ClassifierUnavailable,
  isLabelTopic,
  LABEL_TOPICS,
  type TopicClassifier,
  type TopicLabel,
  type TranscriptLine,
} from './topic-classifier.js';

export const CLASSIFIER_SYSTEM_PROMPT = [
  'You label the topic of a customer-support conversation that was handed to a human.',
  'The conversation may be in English, Arabic (any dialect) or both. Judge the whole',
  'conversation, not only the last message (which is often just "connect me to a human").',
  'Topics:',
  '- orders: placing, changing or cancelling an order, its status, missing items',
  '- delivery: shipping, tracking, couriers, delivery dates, late or lost parcels',
  '- returns: returning or exchanging an item, damaged or wrong items, return labels',
  '- payments: charges, refunds, cards, invoices, cash on delivery, instalments',
  '- account: login, password, email or phone, verification codes, profile',
  '- product: size, colour, material, stock, price, warranty of a product',
  '- other: anything else',
  `Answer with only this JSON object and nothing else: {"topic": "<one of ${LABEL_TOPICS.join(', ')}>"}`,
].join('\n');

/** Cap on the transcript sent, in characters (the most recent lines are kept). */
const MAX_TRANSCRIPT_CHARS = 12_000;

export function formatTranscript(transcript: readonly TranscriptLine[]): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = transcript.length - 1; i >= 0; i -= 1) {
    const line = `${transcript[i]!.role}: ${transcript[i]!.text.replace(/\s+/g, ' ').trim()}`;
    if (size + line.length > MAX_TRANSCRIPT_CHARS && lines.length > 0) break;
    lines.unshift(line.slice(0, MAX_TRANSCRIPT_CHARS));
    size += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * Reads the model's answer strictly: a JSON object (optionally inside one ```json fence) whose
 * `topic` is a known label. Anything else throws {@link ClassifierInvalidAnswer}.
 */
export function parseTopicAnswer(text: string): TopicLabel {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim());
  const body = (fenced ? fenced[1]! : text).trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ClassifierInvalidAnswer('the model did not answer with JSON', text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ClassifierInvalidAnswer('the model did not answer with a JSON object', text);
  const topic = (parsed as { topic?: unknown }).topic;
  if (!isLabelTopic(topic))
    throw new ClassifierInvalidAnswer(
      `the model answered an unknown topic ${JSON.stringify(topic ?? null).slice(0, 100)}`,
      text,
    );
  return { topic };
}

/** The LLM adapter: one JSON-only chat completion over the formatted transcript. */
export class LlmClassifier implements TopicClassifier {
  readonly kind = 'llm';

  constructor(private readonly model: ChatModel) {}

  async classify(
    transcript: readonly TranscriptLine[],
    options: { signal?: AbortSignal } = {},
  ): Promise<TopicLabel> {
    const messages: ChatMessage[] = [
      { role: 'system', content: CLASSIFIER_SYSTEM_PROMPT },
      { role: 'user', content: formatTranscript(transcript) },
    ];
    let text: string;
    try {
      const completion = await this.model.complete({ messages, signal: options.signal });
      text = completion.text;
    } catch (error) {
      throw toClassificationError(error, options.signal);
    }
    return parseTopicAnswer(text);
  }
}

function toClassificationError(error: unknown, signal: AbortSignal | undefined): Error {
  if (error instanceof ClassificationError) return error;
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof ClassificationError
      ? reason
      : new ClassifierTimeout(0, { cause: reason });
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'model_timeout')
    return new ClassifierTimeout((error as { timeoutMs?: number }).timeoutMs ?? 0, {
      cause: error,
    });
  const message = error instanceof Error ? error.message : String(error);
  return new ClassifierUnavailable(`the chat model failed: ${message}`, { cause: error });
}
