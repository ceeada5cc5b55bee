const DAY_MS = 24 * 3600_000;

/** How many days the dashboard shows unless asked, and at most (the page's field uses them too). */
export const DASHBOARD_DAYS = { default: 30, max: 3660 } as const;

/**
 * Whole UTC days, [fromDay, toDay): the dashboard's aggregates are daily, so a period starts and
 * ends at midnight UTC (the day its per-day chart has always used).
 */
export interface DashboardPeriod {
  /** First day, 'YYYY-MM-DD'. */
  readonly fromDay: string;
  /** The day after the last one, 'YYYY-MM-DD'. */
  readonly toDay: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnightBefore = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The days from `from`'s day up to `to`, `to`'s day included unless `to` is a midnight. */
export function periodCovering(from: Date, to: Date): DashboardPeriod {
  const end = Math.ceil(to.getTime() / DAY_MS) * DAY_MS;
  return { fromDay: dayOf(midnightBefore(from.getTime())), toDay: dayOf(end) };
}

/** Today (UTC) and the `days - 1` days before it. */
export function lastDays(days: number, now: Date): DashboardPeriod {
  const end = midnightBefore(now.getTime()) + DAY_MS;
  return { fromDay: dayOf(end - days * DAY_MS), toDay: dayOf(end) };
}

/** The period's bounds as times, for the tables keyed by time rather than by day. */
export function periodTimes(period: DashboardPeriod): { from: string; to: string } {
  return { from: `${period.fromDay}T00:00:00.000Z`, to: `${period.toDay}T00:00:00.000Z` };
}

/**
 * The whole months inside a period, [firstMonth, lastMonth) by their first days: read from the
 * monthly rollups, the days before and after them from the daily tables. No whole month:
 * firstMonth = lastMonth = toDay, and every day is read from the daily tables.
 */
export function periodMonths(period: DashboardPeriod): { firstMonth: string; lastMonth: string } {
  const [year, month, day] = period.fromDay.split('-').map(Number) as [number, number, number];
  const nextMonth = new Date(Date.UTC(year, day === 1 ? month - 1 : month, 1));
  const firstMonth = dayOf(Math.min(nextMonth.getTime(), Date.parse(period.toDay)));
  const toMonth = `${period.toDay.slice(0, 7)}-01`;
  return { firstMonth, lastMonth: toMonth > firstMonth ? toMonth : firstMonth };
}
