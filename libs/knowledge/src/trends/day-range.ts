const DAY_MS = 24 * 3600_000;

/**
 * Whole UTC days, [fromDay, toDay) as 'YYYY-MM-DD' (the dashboard's periods): the trends are read
 * from daily counts, so their windows start and end at midnight UTC.
 */
export interface DayRange {
  readonly fromDay: string;
  /** The day after the last one. */
  readonly toDay: string;
}

/** The UTC day of an ISO time or a day, 'YYYY-MM-DD'. */
export function utcDay(time: string): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` days after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `fromDay` to `toDay` (negative when `toDay` comes first). */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS);
}

/** The Monday (UTC) of the ISO week a day belongs to. */
export function isoWeekOf(day: string): string {
  // getUTCDay: Sunday 0 ... Saturday 6; an ISO week starts on Monday.
  const weekday = (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
