import { describe, expect, it } from '@jest/globals';
import { CustomerRateLimits } from './customer-rate-limits.js';
import type { RateBucketStore } from './rate-bucket-store.js';

/** A shared store that is unreachable, failing as node-postgres does when Postgres is down. */
const unreachableStore: RateBucketStore = {
  change: () =>
    Promise.reject(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ),
  forgetIdle: () => Promise.resolve(),
};

const rules = {
  message: { burst: 3, perMinute: 6 },
  hello: { burst: 3, perMinute: 6 },
  demo_token: { burst: 3, perMinute: 6 },
};

describe('per-customer rate limits while the shared store is down', () => {
  it("falls back to this replica's own bucket: allowed up to the burst, then rate_limited", async () => {
    const limits = new CustomerRateLimits(unreachableStore, rules, () => 1_000);
    for (let i = 0; i < rules.message.burst; i++)
      await expect(limits.take('cust-1', 'message')).resolves.toBeUndefined();
    await expect(limits.take('cust-1', 'message')).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('passes any other store failure on, and gives the local token back', async () => {
    const broken: RateBucketStore = {
      change: () => Promise.reject(new Error('a bug in the store')),
      forgetIdle: () => Promise.resolve(),
    };
    const limits = new CustomerRateLimits(broken, rules, () => 1_000);
    for (let i = 0; i < rules.message.burst + 2; i++)
      await expect(limits.take('cust-1', 'message')).rejects.toThrow('a bug in the store');
  });
});
