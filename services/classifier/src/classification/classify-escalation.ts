import {
  ERROR_MESSAGE_MAX_CHARS,
  type EscalationClassifiedPayload,
  type EscalationRaisedPayload,
} from '@support/contracts';
import {
  ClassificationError,
  ClassifierInvalidAnswer,
  ClassifierTimeout,
  isLabelTopic,
  type TopicClassifier,
  type TranscriptLine,
} from './topic-classifier.js';

export type ClassifyEscalationInput = Pick<
  EscalationRaisedPayload,
  'escalationId' | 'question' | 'transcript'
>;

/** The transcript to classify: the raised transcript, plus the escalating question if it is missing. */
export function transcriptOf(input: ClassifyEscalationInput): TranscriptLine[] {
  const lines: TranscriptLine[] = input.transcript.map(({ role, text }) => ({ role, text }));
  const question = input.question.trim();
  const lastCustomer = [...lines].reverse().find((line) => line.role === 'customer');
  if (question !== '' && lastCustomer?.text.trim() !== question)
    lines.push({ role: 'customer', text: question });
  return lines;
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e4) / 1e4;

/**
 * Labels one escalation. Never fails: a classifier that times out, throws or answers something
 * that is not a label gives `unclassified` from the `fallback` classifier with the reason, so the
 * escalation is always recorded. The deadline holds even against a classifier that ignores its
 * abort signal.
 */
export class ClassifyEscalation {
  constructor(
    private readonly classifier: TopicClassifier,
    private readonly timeoutMs: number,
  ) {}

  async execute(input: ClassifyEscalationInput): Promise<EscalationClassifiedPayload> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new ClassifierTimeout(this.timeoutMs);
        controller.abort(timeout);
        reject(timeout);
      }, this.timeoutMs);
    });
    try {
      const label = await Promise.race([
        this.classifier.classify(transcriptOf(input), { signal: controller.signal }),
        deadline,
      ]);
      if (!isLabelTopic(label.topic))
        throw new ClassifierInvalidAnswer(
          'the classifier gave an unknown topic',
          String(label.topic),
        );
      return {
        escalationId: input.escalationId,
        topic: label.topic,
        classifier: this.classifier.kind,
        ...(label.confidence !== undefined && Number.isFinite(label.confidence)
          ? { confidence: round(label.confidence) }
          : {}),
      };
    } catch (error) {
      return {
        escalationId: input.escalationId,
        topic: 'unclassified',
        classifier: 'fallback',
        error: errorInfo(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

function errorInfo(error: unknown): { code: string; message: string } {
  const code = error instanceof ClassificationError ? error.code : 'classifier_failed';
  const message = error instanceof Error ? error.message : String(error);
  return { code, message: (message || code).slice(0, ERROR_MESSAGE_MAX_CHARS) };
}
