import { describe, expect, it } from '@jest/globals';
import { JetStreamApiError } from '@nats-io/jetstream';
import { NoRespondersError, TimeoutError } from '@nats-io/nats-core';
import {
  isSettling,
  JETSTREAM_SETTLE_MS,
  type SettleTime,
  whenJetStreamAnswers,
} from './jetstream-settling.js';

const apiError = (err_code: number) =>
  new JetStreamApiError({ code: 503, err_code, description: 'x' });

describe('isSettling', () => {
  it('takes timeouts, missing responders and "temporarily unavailable" for a cluster settling', () => {
    expect(isSettling(new TimeoutError())).toBe(true);
    expect(isSettling(new NoRespondersError('$JS.API.INFO'))).toBe(true);
    expect(isSettling(apiError(10008))).toBe(true);
  });

  it('takes a refusal for a refusal', () => {
    expect(isSettling(apiError(10059))).toBe(false);
    expect(isSettling(new Error('permissions violation'))).toBe(false);
    expect(isSettling(undefined)).toBe(false);
  });
});

/** A clock that moves only when the wait sleeps on it, keeping each pause. */
function fakeTime(): SettleTime & { pauses: number[] } {
  let now = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => now,
    sleep: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
  };
}

describe('whenJetStreamAnswers', () => {
  it('tries again while JetStream settles, pausing longer each time, and returns its answer', async () => {
    let calls = 0;
    const time = fakeTime();
    const answer = await whenJetStreamAnswers(
      'stream',
      async () => {
        calls += 1;
        if (calls < 3) throw new TimeoutError();
        return 'info';
      },
      JETSTREAM_SETTLE_MS,
      time,
    );
    expect(answer).toBe('info');
    expect(calls).toBe(3);
    expect(time.pauses).toEqual([250, 500]);
  });

  it('throws a refusal at once', async () => {
    let calls = 0;
    const refusal = apiError(10059);
    await expect(
      whenJetStreamAnswers('stream', async () => {
        calls += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('gives up after its window, naming what it waited for', async () => {
    const time = fakeTime();
    await expect(
      whenJetStreamAnswers(
        'consumer agent__customer_message',
        async () => {
          throw new TimeoutError();
        },
        600,
        time,
      ),
    ).rejects.toThrow(/consumer agent__customer_message: JetStream did not answer within 1 s/);
    // 250 ms fit the window; the next pause, 500 ms, would end past it.
    expect(time.pauses).toEqual([250]);
  });
});
