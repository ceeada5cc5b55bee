import type { DurationUnit, Quantity } from './quantity.js';

const HOURS: Partial<Record<DurationUnit, number>> = {
  minute: 1 / 60,
  hour: 1,
  day: 24,
  week: 168,
};

// Months and years convert into each other ("a year" is "12 months"), not into days.
const MONTHS: Partial<Record<DurationUnit, number>> = { month: 1, year: 12 };

function sameDuration(a: Quantity, b: Quantity): boolean {
  // Working days are not calendar days: "3 days" for "3 working days" promises a shorter wait.
  if (Boolean(a.working) !== Boolean(b.working)) return false;
  if (a.unit === b.unit) return a.value === b.value;
  // Calendar minutes, hours, days and weeks convert ("two weeks" is "14 days"), months and years
  // do; working days do not convert into anything.
  if (a.working || b.working) return false;
  const aMonths = MONTHS[a.unit as DurationUnit];
  const bMonths = MONTHS[b.unit as DurationUnit];
  if (aMonths !== undefined && bMonths !== undefined)
    return a.value * aMonths === b.value * bMonths;
  const aHours = HOURS[a.unit as DurationUnit];
  const bHours = HOURS[b.unit as DurationUnit];
  return (
    aHours !== undefined &&
    bHours !== undefined &&
    Math.abs(a.value * aHours - b.value * bHours) < 1e-9
  );
}

/**
 * Whether `stated` says the same as `source`. The values must be equal; a unit-less number matches
 * any kind; otherwise the kinds must agree, a duration's unit must agree (or convert: hours, days,
 * weeks), both or neither must count working days, and two named currencies must be the same one.
 */
export function sameQuantity(stated: Quantity, source: Quantity): boolean {
  if (stated.kind === 'number' || source.kind === 'number') return stated.value === source.value;
  if (stated.kind !== source.kind) return false;
  if (stated.kind === 'duration') return sameDuration(stated, source);
  if (stated.value !== source.value) return false;
  if (stated.kind === 'price') {
    return stated.unit === undefined || source.unit === undefined || stated.unit === source.unit;
  }
  return true;
}

/** The canonical text of a value in a problem string: "1500", "12.5". */
export function formatQuantityValue(quantity: Quantity): string {
  return String(quantity.value);
}
