import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ConversationLanes } from './conversation-lanes.js';

const fail = (error: unknown) => {
  throw error;
};
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `scenario` on the fake clock, firing each timer as soon as the work before it has run. */
async function onFakeClock(scenario: () => Promise<void>): Promise<void> {
  const done = scenario();
  await jest.runAllTimersAsync();
  await done;
}

describe('ConversationLanes', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the order within a key and overlaps different keys, never above the limit', async () => {
    const lanes = new ConversationLanes(3, fail);
    const log: string[] = [];
    let active = 0;
    let peak = 0;
    const job = (name: string, ms: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      active -= 1;
    };
    await onFakeClock(async () => {
      await lanes.run('a', job('a1', 30));
      await lanes.run('a', job('a2', 1));
      await lanes.run('b', job('b1', 5));
      await lanes.run(null, job('x', 5));
      await lanes.run('c', job('c1', 1));
      await lanes.drain();
    });
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
    expect(log.filter((l) => l.startsWith('end'))).toHaveLength(5);
  });

  it('with a limit of one runs everything in arrival order', async () => {
    const lanes = new ConversationLanes(1, fail);
    const order: number[] = [];
    await onFakeClock(async () => {
      for (const [i, key] of ['a', 'b', null, 'a'].entries())
        await lanes.run(key, async () => {
          await tick(3 - i);
          order.push(i);
        });
      await lanes.drain();
    });
    expect(order).toEqual([0, 1, 2, 3]);
  });
});
