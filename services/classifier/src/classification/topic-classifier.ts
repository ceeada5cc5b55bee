import { ESCALATION_TOPICS, type EscalationTopic } from '@support/contracts';

/** The labels a classifier may give: every escalation topic except the fallback `unclassified`. */
export const LABEL_TOPICS = ESCALATION_TOPICS.filter(
  (topic): topic is Exclude<EscalationTopic, 'unclassified'> => topic !== 'unclassified',
);
export type LabelTopic = (typeof LABEL_TOPICS)[number];

export function isLabelTopic(value: unknown): value is LabelTopic {
  return typeof value === 'string' && (LABEL_TOPICS as readonly string[]).includes(value);
}

/** One line of the conversation, as the escalation carries it. */
export interface TranscriptLine {
  readonly role: 'customer' | 'agent' | 'human';
  readonly text: string;
}

export interface TopicLabel {
  readonly topic: LabelTopic;
  /** 0..1 when the classifier can say how sure it is. */
  readonly confidence?: number;
}

/**
 * Labels an escalation's topic from its whole transcript (oldest line first).
 *
 * Contract: resolves with one of {@link LABEL_TOPICS}, or rejects with a {@link ClassificationError};
 * an aborted `signal` must make it give up (it rejects; the caller's deadline does not wait on it).
 */
export interface TopicClassifier {
  /** Stamped on `escalation.classified` as `classifier`. */
  readonly kind: 'llm' | 'rules';
  classify(
    transcript: readonly TranscriptLine[],
    options?: { signal?: AbortSignal },
  ): Promise<TopicLabel>;
}

export type ClassificationErrorCode =
  'classifier_timeout' | 'classifier_unavailable' | 'classifier_invalid_answer';

/** Why a classifier gave no label; the use case records `code` on the fallback event. */
export abstract class ClassificationError extends Error {
  abstract readonly code: ClassificationErrorCode;
}

/** No label within the deadline. */
export class ClassifierTimeout extends ClassificationError {
  readonly code = 'classifier_timeout';
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`the classifier gave no label within ${timeoutMs} ms`, options);
    this.name = 'ClassifierTimeout';
  }
}

/** The model behind the classifier failed (unreachable, HTTP error, broken wire response). */
export class ClassifierUnavailable extends ClassificationError {
  readonly code = 'classifier_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClassifierUnavailable';
  }
}

/** The model answered, but not with `{"topic": "<a known topic>"}`. */
export class ClassifierInvalidAnswer extends ClassificationError {
  readonly code = 'classifier_invalid_answer';
  constructor(
    message: string,
    readonly answer: string,
  ) {
    super(message);
    this.name = 'ClassifierInvalidAnswer';
  }
}
