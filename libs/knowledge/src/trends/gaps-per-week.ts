import type { KnowledgeGap } from '../knowledge-gap.js';
import { addDays, type DayRange, isoWeekOf, utcDay } from './day-range.js';

/** Gaps opened (first asked) and closed (their article published) in one ISO week. */
export interface GapWeek {
  /** The week's Monday (UTC), 'YYYY-MM-DD'. */
  readonly week: string;
  readonly opened: number;
  readonly closed: number;
}

/**
 * Gaps opened and closed per ISO week (Monday, UTC), every week of the period listed (quiet weeks
 * as zeros, so a chart shows them), oldest first. A gap opens when its first question was asked
 * and closes when the article drafted from it was published; only what happened inside the period
 * counts, so the first and last weeks may be partly outside it and count only their days inside.
 */
export function gapsPerWeek(
  gaps: readonly Pick<KnowledgeGap, 'firstAskedAt' | 'closedAt' | 'status'>[],
  period: DayRange,
): GapWeek[] {
  const weeks = new Map<string, { opened: number; closed: number }>();
  for (let week = isoWeekOf(period.fromDay); week < period.toDay; week = addDays(week, 7))
    weeks.set(week, { opened: 0, closed: 0 });
  const weekInPeriod = (time: string) => {
    const day = utcDay(time);
    return day >= period.fromDay && day < period.toDay ? weeks.get(isoWeekOf(day)) : undefined;
  };
  for (const gap of gaps) {
    const opened = weekInPeriod(gap.firstAskedAt);
    if (opened) opened.opened += 1;
    // A gap whose draft waits for review is not closed, whatever its history.
    const closed =
      gap.status === 'closed' && gap.closedAt !== null ? weekInPeriod(gap.closedAt) : undefined;
    if (closed) closed.closed += 1;
  }
  return [...weeks].map(([week, counts]) => ({ week, ...counts }));
}
