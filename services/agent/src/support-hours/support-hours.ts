import type { SupportAvailability } from '@support/policy';

/**
 * When the support team answers: weekly opening hours in one IANA time zone, and whether a
 * colleague can be expected now (what the customer is told is `@support/policy`'s
 * `availabilityText`). Pure: the time comes in as an argument, never from a clock here.
 */

/** Minutes after local midnight: [start, end), end up to 1440 (24:00). */
export interface OpeningInterval {
  readonly start: number;
  readonly end: number;
}

export interface SupportSchedule {
  /** Index 0 = Sunday … 6 = Saturday, as `Date.getDay()`; each day's intervals sorted by start. */
  readonly week: readonly (readonly OpeningInterval[])[];
  /** IANA time zone the hours are written in (`Asia/Riyadh`). */
  readonly zone: string;
  /** What a customer is told to expect while the team is in. */
  readonly expectedWaitMinutes: number;
}

export const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;
const ENTRY = /^([a-z]{3})(?:\s*-\s*([a-z]{3}))?\s+(.+)$/;

export class SupportHoursError extends Error {}

function minutesOf(text: string, entry: string): number {
  const match = TIME.exec(text);
  if (!match) throw new SupportHoursError(`"${text}" in "${entry}" is not a time like 09:00`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 1440) throw new SupportHoursError(`"${text}" in "${entry}" is past 24:00`);
  return minutes;
}

function dayOf(name: string, entry: string): number {
  const day = DAY_NAMES.indexOf(name as (typeof DAY_NAMES)[number]);
  if (day < 0)
    throw new SupportHoursError(`"${name}" in "${entry}" is not a day (${DAY_NAMES.join(' ')})`);
  return day;
}

/**
 * Parses `Sun-Thu 09:00-21:00, Sat 10:00-18:00`: entries separated by commas or semicolons, each
 * a day or a day range (wrapping over the week end: `Thu-Sun`) and one or more time ranges.
 * A range that ends before it starts runs past midnight (`Fri 22:00-02:00` is Friday night and
 * early Saturday). Days not named are closed; at least one opening is required.
 */
export function parseSupportHours(spec: string): OpeningInterval[][] {
  const week: OpeningInterval[][] = DAY_NAMES.map(() => []);
  const entries = spec
    .toLowerCase()
    .split(/[,;]/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match) throw new SupportHoursError(`"${entry}" is not "<Day>[-<Day>] <HH:MM>-<HH:MM>"`);
    const first = dayOf(match[1]!, entry);
    const last = match[2] ? dayOf(match[2], entry) : first;
    const days: number[] = [];
    for (let day = first; ; day = (day + 1) % 7) {
      days.push(day);
      if (day === last) break;
    }
    for (const range of match[3]!.split(/\s+/)) {
      const [from, to, extra] = range.split('-');
      if (from === undefined || to === undefined || extra !== undefined)
        throw new SupportHoursError(`"${range}" in "${entry}" is not a range like 09:00-21:00`);
      const start = minutesOf(from, entry);
      const end = minutesOf(to, entry);
      if (start === end || start === 1440)
        throw new SupportHoursError(`"${range}" in "${entry}" is empty`);
      for (const day of days) {
        if (start < end) week[day]!.push({ start, end });
        else {
          week[day]!.push({ start, end: 1440 });
          if (end > 0) week[(day + 1) % 7]!.push({ start: 0, end });
        }
      }
    }
  }
  if (week.every((day) => day.length === 0))
    throw new SupportHoursError('names no opening hours at all');
  for (const day of week) day.sort((a, b) => a.start - b.start);
  return week;
}

/** Throws a RangeError naming the zone when Intl does not know it. */
export function checkTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new SupportHoursError(`"${zone}" is not an IANA time zone (like Asia/Riyadh)`);
  }
}

const WEEKDAY_INDEX: Record<string, number> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

/** The wall clock in `zone` at `now`: weekday (0 = Sunday) and minutes after midnight. */
export function localTime(now: Date, zone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAY_INDEX[part('weekday')] ?? 0,
    minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

const clockTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Open now (and the wait to expect), or closed and when the team is next in. */
export function supportAvailability(now: Date, schedule: SupportSchedule): SupportAvailability {
  const { weekday, minute } = localTime(now, schedule.zone);
  if (schedule.week[weekday]!.some((i) => i.start <= minute && minute < i.end))
    return { open: true, expectedWaitMinutes: schedule.expectedWaitMinutes };
  for (let inDays = 0; inDays <= 7; inDays += 1) {
    const day = (weekday + inDays) % 7;
    const next = schedule.week[day]!.find((i) => inDays > 0 || i.start > minute);
    if (next)
      return {
        open: false,
        opensAt: { weekday: day, time: clockTime(next.start), inDays },
        zone: schedule.zone,
      };
  }
  // parseSupportHours refuses a week without openings, so a schedule always has a next one.
  throw new SupportHoursError('the schedule has no opening hours');
}

/** Open every day, all day (`SUPPORT_HOURS` unset), in UTC, with a 15-minute expected wait. */
export const ALWAYS_OPEN: SupportSchedule = {
  week: DAY_NAMES.map(() => [{ start: 0, end: 1440 }]),
  zone: 'UTC',
  expectedWaitMinutes: 15,
};
