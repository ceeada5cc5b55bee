import { describe, expect, it } from '@jest/globals';
import { lastDays, periodCovering, periodMonths, periodTimes } from './dashboard-period.js';
import { latencyBars } from './latency-histogram.js';

describe('dashboard periods: whole UTC days', () => {
  it('counts today as the last of the days asked for', () => {
    expect(lastDays(1, new Date('2026-12-03T15:04:05.000Z'))).toEqual({
      fromDay: '2026-12-03',
      toDay: '2026-12-04',
    });
    expect(lastDays(30, new Date('2026-03-01T00:00:00.000Z'))).toEqual({
      fromDay: '2026-01-31',
      toDay: '2026-03-02',
    });
  });

  it("covers `from`'s day to `to`, whose day counts unless `to` is a midnight", () => {
    expect(
      periodCovering(new Date('2026-10-01T13:00:00.000Z'), new Date('2027-01-01T00:00:00.000Z')),
    ).toEqual({ fromDay: '2026-10-01', toDay: '2027-01-01' });
    expect(
      periodCovering(new Date('2026-10-01T00:00:00.000Z'), new Date('2026-10-05T00:00:00.001Z')),
    ).toEqual({ fromDay: '2026-10-01', toDay: '2026-10-06' });
    expect(periodTimes({ fromDay: '2026-10-01', toDay: '2026-10-06' })).toEqual({
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-10-06T00:00:00.000Z',
    });
  });
});

describe('whole months of a period (read from the monthly rollups)', () => {
  it('takes the months between the first and the last day, none when there is no whole one', () => {
    const months = (fromDay: string, toDay: string) => periodMonths({ fromDay, toDay });
    expect(months('2025-12-04', '2026-12-04')).toEqual({
      firstMonth: '2026-01-01',
      lastMonth: '2026-12-01',
    });
    expect(months('2026-11-01', '2026-12-01')).toEqual({
      firstMonth: '2026-11-01',
      lastMonth: '2026-12-01',
    });
    // No whole month: every day from the daily tables ([from, firstMonth) and [lastMonth, to)).
    expect(months('2026-11-04', '2026-12-04')).toEqual({
      firstMonth: '2026-12-01',
      lastMonth: '2026-12-01',
    });
    expect(months('2026-12-03', '2026-12-04')).toEqual({
      firstMonth: '2026-12-04',
      lastMonth: '2026-12-04',
    });
  });
});

describe('latency bars', () => {
  it('merges the histogram buckets into powers of two, below zero and the open end kept apart', () => {
    // Buckets: below 0, 0 ms, 1 ms, 2 ms, 16-18 and 28-30 ms, 960-1024 ms, the open-ended last.
    expect(
      latencyBars([
        { bucket: 0, turns: 1 },
        { bucket: 1, turns: 2 },
        { bucket: 2, turns: 3 },
        { bucket: 3, turns: 4 },
        { bucket: 17, turns: 5 },
        { bucket: 23, turns: 6 },
        { bucket: 64, turns: 7 },
        { bucket: 304, turns: 8 },
      ]),
    ).toEqual([
      { fromMs: null, toMs: 0, turns: 1 },
      { fromMs: 0, toMs: 1, turns: 2 },
      { fromMs: 1, toMs: 2, turns: 3 },
      { fromMs: 2, toMs: 4, turns: 4 },
      { fromMs: 16, toMs: 32, turns: 11 },
      { fromMs: 512, toMs: 1024, turns: 7 },
      { fromMs: 2 ** 39, toMs: null, turns: 8 },
    ]);
  });
});
