import { describe, expect, it } from '@jest/globals';
import {
  checkTimeZone,
  parseSupportHours,
  type SupportSchedule,
  supportAvailability,
  SupportHoursError,
} from './support-hours.js';

const schedule = (
  spec: string,
  zone = 'Asia/Riyadh',
  expectedWaitMinutes = 15,
): SupportSchedule => ({
  week: parseSupportHours(spec),
  zone,
  expectedWaitMinutes,
});
const SHOP = 'Sun-Thu 09:00-21:00, Sat 10:00-18:00';

describe('parseSupportHours', () => {
  it('given day ranges and single days, opens exactly those days', () => {
    const week = parseSupportHours(SHOP);
    expect(week[0]).toEqual([{ start: 540, end: 1260 }]); // Sunday
    expect(week[4]).toEqual([{ start: 540, end: 1260 }]); // Thursday
    expect(week[5]).toEqual([]); // Friday closed
    expect(week[6]).toEqual([{ start: 600, end: 1080 }]);
  });

  it('given a day range over the week end and a range past midnight, wraps both', () => {
    const week = parseSupportHours('Fri-Sun 22:00-02:00');
    expect(week[5]).toEqual([{ start: 1320, end: 1440 }]);
    expect(week[6]).toEqual([
      { start: 0, end: 120 },
      { start: 1320, end: 1440 },
    ]);
    expect(week[1]).toEqual([{ start: 0, end: 120 }]); // Sunday night runs into Monday
  });

  it('given several ranges for one day and 24:00, keeps them all', () => {
    expect(parseSupportHours('Mon 09:00-13:00 16:00-24:00')[1]).toEqual([
      { start: 540, end: 780 },
      { start: 960, end: 1440 },
    ]);
  });

  it.each([
    ['', 'names no opening hours'],
    ['Sun-Thu', 'is not "<Day>'],
    ['Xyz 09:00-10:00', '"xyz"'],
    ['Sun 9-17', 'not a time'],
    ['Sun 09:00-09:00', 'is empty'],
    ['Sun 25:00-26:00', 'not a time'],
  ])('refuses %j with a message naming the problem', (spec, message) => {
    expect(() => parseSupportHours(spec)).toThrow(SupportHoursError);
    expect(() => parseSupportHours(spec)).toThrow(message);
  });

  it('refuses a time zone Intl does not know', () => {
    expect(checkTimeZone('Asia/Riyadh')).toBe('Asia/Riyadh');
    expect(() => checkTimeZone('Mars/Olympus')).toThrow('not an IANA time zone');
  });
});

describe('supportAvailability', () => {
  it('given a time inside the hours in the zone, is open with the expected wait', () => {
    // 06:30 UTC on Sunday 2026-12-06 is 09:30 in Riyadh (UTC+3).
    expect(supportAvailability(new Date('2026-12-06T06:30:00Z'), schedule(SHOP))).toEqual({
      open: true,
      expectedWaitMinutes: 15,
    });
  });

  it('given the same instant in another zone, judges by that zone', () => {
    // 06:30 UTC is 01:30 in New York: before opening, same day.
    expect(
      supportAvailability(new Date('2026-12-06T06:30:00Z'), schedule(SHOP, 'America/New_York')),
    ).toMatchObject({ open: false, opensAt: { weekday: 0, time: '09:00', inDays: 0 } });
  });

  it('given the evening after closing, opens tomorrow', () => {
    // Monday 22:00 Riyadh.
    expect(supportAvailability(new Date('2026-12-07T19:00:00Z'), schedule(SHOP))).toMatchObject({
      open: false,
      opensAt: { weekday: 2, time: '09:00', inDays: 1 },
    });
  });

  it('given Thursday night, skips the closed Friday to Saturday', () => {
    // Thursday 2026-12-10 23:00 Riyadh.
    expect(supportAvailability(new Date('2026-12-10T20:00:00Z'), schedule(SHOP))).toMatchObject({
      open: false,
      opensAt: { weekday: 6, time: '10:00', inDays: 2 },
    });
  });

  it('given Saturday evening, wraps over the week end to Sunday', () => {
    // Saturday 2026-12-12 19:00 Riyadh.
    expect(supportAvailability(new Date('2026-12-12T16:00:00Z'), schedule(SHOP))).toMatchObject({
      open: false,
      opensAt: { weekday: 0, time: '09:00', inDays: 1 },
    });
  });

  it('given only one opening a week and a time just after it, finds it seven days ahead', () => {
    // Sunday 2026-12-06 10:30 Riyadh; open Sundays 09:00-10:00 only.
    expect(
      supportAvailability(new Date('2026-12-06T07:30:00Z'), schedule('Sun 09:00-10:00')),
    ).toMatchObject({ open: false, opensAt: { weekday: 0, time: '09:00', inDays: 7 } });
  });

  it('given a range past midnight, is open in its early-morning part', () => {
    // Saturday 01:00 Riyadh is inside Friday 22:00-02:00.
    expect(
      supportAvailability(new Date('2026-12-11T22:00:00Z'), schedule('Fri 22:00-02:00')),
    ).toMatchObject({ open: true });
  });
});
