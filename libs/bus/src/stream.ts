import {
  DiscardPolicy,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { SUBJECT_PREFIX } from '@support/contracts';
import type { BusOptions } from './bus-options.js';

export function streamConfig(options: BusOptions): Partial<StreamConfig> & { name: string } {
  return {
    name: options.stream,
    subjects: [`${SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    // The log is the source of truth: keep every event (no age or count limit).
    max_age: 0,
    max_msgs: -1,
    duplicate_window: nanos(options.duplicateWindowMs),
    num_replicas: options.replicas,
  };
}

/** Creates the stream, or brings an existing one to the expected configuration. Idempotent. */
export async function ensureStream(jsm: JetStreamManager, options: BusOptions): Promise<void> {
  const config = streamConfig(options);
  try {
    const info = await jsm.streams.info(options.stream);
    const current = info.config;
    const drifted =
      current.duplicate_window !== config.duplicate_window ||
      JSON.stringify(current.subjects) !== JSON.stringify(config.subjects);
    if (drifted)
      await jsm.streams.update(options.stream, {
        ...config,
        storage: undefined,
        retention: undefined,
      } as never);
  } catch (error) {
    if ((error as { code?: number }).code !== 10059 && !/stream not found/i.test(String(error)))
      throw error;
    await jsm.streams.add(config);
  }
}
