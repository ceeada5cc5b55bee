/** The UTC day ('YYYY-MM-DD') of an ISO-8601 UTC time, as Postgres's `(t AT TIME ZONE 'UTC')::date`. */
export function utcDayOf(isoTime: string): string {
  return new Date(isoTime).toISOString().slice(0, 10);
}

/** The first day of a day's month: 'YYYY-MM-DD' to 'YYYY-MM-01'. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
