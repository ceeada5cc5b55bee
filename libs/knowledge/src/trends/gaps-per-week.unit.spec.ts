import { describe, expect, it } from '@jest/globals';
import type { GapStatus } from '../knowledge-gap.js';
import { isoWeekOf } from './day-range.js';
import { gapsPerWeek } from './gaps-per-week.js';

const gap = (firstAskedAt: string, status: GapStatus, closedAt: string | null = null) => ({
  firstAskedAt,
  status,
  closedAt,
});

describe('gaps opened and closed per ISO week', () => {
  it('starts weeks on Monday (UTC)', () => {
    // 2026-11-02 and 2026-11-09 are Mondays.
    expect(isoWeekOf('2026-11-02')).toBe('2026-11-02');
    expect(isoWeekOf('2026-11-08')).toBe('2026-11-02');
    expect(isoWeekOf('2026-11-09')).toBe('2026-11-09');
    expect(isoWeekOf('2027-01-01')).toBe('2026-12-28');
  });

  it('counts what happened inside the period, by the week of the day it happened', () => {
    // Given a period from Wednesday 4 November to Thursday 19 November 2026 (three ISO weeks) and
    // gaps opened and closed around its edges and its week boundaries
    const period = { fromDay: '2026-11-04', toDay: '2026-11-20' };
    const gaps = [
      // opened before the period, closed in its first week
      gap('2026-11-01T23:59:00.000Z', 'closed', '2026-11-04T10:00:00.000Z'),
      // opened at the period's first instant
      gap('2026-11-04T00:00:00.000Z', 'open'),
      // opened on the first week's last second, closed on the second week's first
      gap('2026-11-08T23:59:59.000Z', 'closed', '2026-11-09T00:00:00.000Z'),
      // drafted, not closed
      gap('2026-11-10T08:00:00.000Z', 'drafted'),
      // opened on the period's last day, closed after it
      gap('2026-11-19T12:00:00.000Z', 'closed', '2026-11-20T01:00:00.000Z'),
      // opened after the period
      gap('2026-11-20T00:00:00.000Z', 'open'),
    ];

    // When they are counted per week
    const weeks = gapsPerWeek(gaps, period);

    // Then each week of the period is listed, oldest first, with only the period's events
    expect(weeks).toEqual([
      { week: '2026-11-02', opened: 2, closed: 1 },
      { week: '2026-11-09', opened: 1, closed: 1 },
      { week: '2026-11-16', opened: 1, closed: 0 },
    ]);
  });

  it('lists quiet weeks as zeros and ignores a closing time on a gap that is not closed', () => {
    // Given a drafted gap that carries a closing time all the same (only closed gaps close)
    const gaps = [gap('2026-11-10T08:00:00.000Z', 'drafted', '2026-11-11T08:00:00.000Z')];

    // When two weeks are counted
    const weeks = gapsPerWeek(gaps, { fromDay: '2026-11-02', toDay: '2026-11-16' });

    // Then the quiet week is there and the drafted gap counts as opened only
    expect(weeks).toEqual([
      { week: '2026-11-02', opened: 0, closed: 0 },
      { week: '2026-11-09', opened: 1, closed: 0 },
    ]);
  });
});
