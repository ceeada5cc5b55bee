import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamApiError } from '@nats-io/jetstream';
import { NoRespondersError, RequestError, TimeoutError } from '@nats-io/nats-core';

/** How long a starting service waits for JetStream to answer before it gives up and exits. */
export const JETSTREAM_SETTLE_MS = 60_000;

/** JetStream's "temporarily unavailable": the cluster has no meta leader yet. */
const TEMPORARILY_UNAVAILABLE = 10008;

/**
 * Whether a JetStream API failure means "not ready yet" rather than "refused". A cluster that is
 * forming, or electing a meta or stream leader, times requests out, has no responder for the API
 * subject (503), or answers 10008; each passes within seconds.
 */
export function isSettling(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NoRespondersError) return true;
  if (error instanceof RequestError && error.isNoResponders()) return true;
  // The package does not export this class; its name is its contract.
  if ((error as Error | null)?.name === 'JetStreamNotEnabled') return true;
  return error instanceof JetStreamApiError && error.code === TEMPORARILY_UNAVAILABLE;
}

/** The time the wait reads and sleeps on: the wall clock, or a test's. */
export interface SettleTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const WALL_TIME: SettleTime = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

/**
 * Runs a JetStream API call of a service's start (the stream, its consumers), trying again while
 * JetStream is settling: a service started with its cluster, or during a leader election, waits
 * for it instead of exiting. Any other failure, or one that outlasts `withinMs`, is thrown.
 */
export async function whenJetStreamAnswers<T>(
  what: string,
  call: () => Promise<T>,
  withinMs = JETSTREAM_SETTLE_MS,
  time: SettleTime = WALL_TIME,
): Promise<T> {
  const giveUpAt = time.now() + withinMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    try {
      return await call();
    } catch (error) {
      if (!isSettling(error)) throw error;
      if (time.now() + pause > giveUpAt)
        throw new Error(
          `${what}: JetStream did not answer within ${Math.round(withinMs / 1000)} s ` +
            `(is the server up, with JetStream enabled, and does its cluster have a leader?): ` +
            String(error),
          { cause: error },
        );
      await time.sleep(pause);
    }
  }
}
