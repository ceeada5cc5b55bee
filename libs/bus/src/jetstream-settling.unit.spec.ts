import { describe, expect, it } from '@jest/globals';
import { JetStreamApiError } from '@nats-io/jetstream';
import { NoRespondersError, TimeoutError } from '@nats-io/nats-core';
import { isSettling, whenJetStreamAnswers } from './jetstream-settling.js';

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

describe('whenJetStreamAnswers', () => {
  it('tries again while JetStream settles and returns its answer', async () => {
    let calls = 0;
    const answer = await whenJetStreamAnswers('stream', async () => {
      calls += 1;
      if (calls < 3) throw new TimeoutError();
      return 'info';
    });
    expect(answer).toBe('info');
    expect(calls).toBe(3);
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
    await expect(
      whenJetStreamAnswers(
        'consumer agent__customer_message',
        async () => {
          throw new TimeoutError();
        },
        600,
      ),
    ).rejects.toThrow(/consumer agent__customer_message: JetStream did not answer within 1 s/);
  });
});
