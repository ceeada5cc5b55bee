import {
  DiscardPolicy,
  type JetStreamClient,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import type { BusOptions } from './bus-options.js';

/** The small stream that remembers which dead letters the event stream already holds. */
export const deadLetterKeysStream = (stream: string) => `${stream}_DEADLETTERS`;
const subjectPrefix = (stream: string) => `deadletters.${stream}`;

/**
 * One marker per dead letter (its deterministic id) in a stream of its own, one message per
 * subject: what makes recording a dead letter idempotent past the event stream's two-minute
 * duplicate window. A per-process consumer replays the log at every start, and a message that
 * failed before fails again: without the marker, its dead letter was stored again each time.
 */
export class DeadLetterKeys {
  constructor(
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly options: Pick<BusOptions, 'stream' | 'replicas'>,
  ) {}

  private subject(id: string): string {
    return `${subjectPrefix(this.options.stream)}.${id}`;
  }

  /** Creates the stream when it is missing (each service may; none may change or delete it). */
  async ensure(): Promise<void> {
    const name = deadLetterKeysStream(this.options.stream);
    try {
      await this.jsm.streams.info(name);
    } catch (error) {
      if ((error as { code?: number }).code !== 10059 && !/stream not found/i.test(String(error)))
        throw error;
      await this.jsm.streams
        .add({
          name,
          subjects: [`${subjectPrefix(this.options.stream)}.>`],
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          max_msgs_per_subject: 1,
          num_replicas: this.options.replicas,
        })
        // Another service created it meanwhile.
        .catch(async (addError: unknown) => {
          await this.jsm.streams.info(name).catch(() => {
            throw addError;
          });
        });
    }
  }

  /** Whether the dead letter `id` was recorded before. */
  async recorded(id: string): Promise<boolean> {
    try {
      const stored = await this.jsm.streams.getMessage(deadLetterKeysStream(this.options.stream), {
        last_by_subj: this.subject(id),
      });
      return stored !== null;
    } catch (error) {
      if ((error as { code?: number }).code === 10037 || /no message found/i.test(String(error)))
        return false;
      throw error;
    }
  }

  /** After the dead letter is in the event stream: remembered (a marker already there is fine). */
  async remember(id: string): Promise<void> {
    try {
      await this.js.publish(this.subject(id), new Uint8Array(), {
        expect: { lastSubjectSequence: 0 },
      });
    } catch (error) {
      if (!/wrong last sequence/i.test(String(error))) throw error;
    }
  }
}
