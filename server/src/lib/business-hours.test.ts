import { type BusinessHours, BusinessHoursBody, WEEKDAYS, weekHours } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpen, workingSecondsBetween } from './business-hours.ts';

const HOUR = 3600;
const at = (iso: string) => new Date(iso);
const hours = (input: unknown): BusinessHours => BusinessHoursBody.parse(input);

/** Weekdays nine to five, closed at weekends, Christmas a holiday. */
const office = hours({ days: weekHours('09:00', '17:00'), holidays: ['2026-12-25'] });

describe('is it open', () => {
  it('reads the ranges in the company timezone, closed at weekends and on holidays', () => {
    // 09:30 in New York (UTC-5 in winter) is 14:30 UTC.
    expect(isOpenAt(office, 'America/New_York', at('2026-12-01T14:30:00Z'))).toBe(true);
    expect(isOpenAt(office, 'America/New_York', at('2026-12-01T13:59:00Z'))).toBe(false);
    // 17:00 is closing time: closed from that minute.
    expect(isOpenAt(office, 'America/New_York', at('2026-12-01T21:59:00Z'))).toBe(true);
    expect(isOpenAt(office, 'America/New_York', at('2026-12-01T22:00:00Z'))).toBe(false);
    // The same instant is a Tuesday morning in New York and Tuesday evening in Tokyo.
    expect(isOpenAt(office, 'Asia/Tokyo', at('2026-12-01T14:30:00Z'))).toBe(false);
    expect(isOpenAt(office, 'America/New_York', at('2026-12-05T15:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt(office, 'America/New_York', at('2026-12-25T15:00:00Z'))).toBe(false); // Christmas
  });

  it('is always open without business hours', () => {
    expect(isOpenAt(null, 'UTC', at('2026-12-25T03:00:00Z'))).toBe(true);
    expect(nextOpen(null, 'UTC', at('2026-12-25T03:00:00Z'))).toEqual(at('2026-12-25T03:00:00Z'));
    expect(workingSecondsBetween(null, 'UTC', at('2026-12-25T03:00:00Z'), at('2026-12-25T04:00:00Z'))).toBe(
      HOUR,
    );
  });

  it('follows the clocks across a daylight-saving change', () => {
    // London moves from GMT to BST on Sunday 29 March 2026; Monday 09:00 is then 08:00 UTC.
    expect(isOpenAt(office, 'Europe/London', at('2026-03-27T09:30:00Z'))).toBe(true); // Friday, GMT
    expect(isOpenAt(office, 'Europe/London', at('2026-03-30T08:30:00Z'))).toBe(true); // Monday, BST
    expect(isOpenAt(office, 'Europe/London', at('2026-03-30T16:30:00Z'))).toBe(false);
  });
});

describe('next opening', () => {
  it('is now when open, else the start of the next range, skipping weekends and holidays', () => {
    const tz = 'Europe/Berlin';
    expect(nextOpen(office, tz, at('2026-12-01T10:00:00Z'))).toEqual(at('2026-12-01T10:00:00Z'));
    // Friday evening: Monday 09:00 in Berlin (UTC+1).
    expect(nextOpen(office, tz, at('2026-12-04T18:00:00Z'))).toEqual(at('2026-12-07T08:00:00Z'));
    // Christmas Eve evening: Christmas is a holiday, then the weekend; Monday the 28th.
    expect(nextOpen(office, tz, at('2026-12-24T18:00:00Z'))).toEqual(at('2026-12-28T08:00:00Z'));
    expect(nextOpen(hours({ days: {} }), tz, at('2026-12-24T18:00:00Z'))).toBeNull();
  });
});

describe('working seconds', () => {
  it('counts only open time, over nights, weekends and holidays', () => {
    const tz = 'America/New_York';
    // Friday 16:00 to Monday 10:00: an hour on Friday and an hour on Monday.
    expect(workingSecondsBetween(office, tz, at('2026-12-04T21:00:00Z'), at('2026-12-07T15:00:00Z'))).toBe(
      2 * HOUR,
    );
    // Inside one range.
    expect(workingSecondsBetween(office, tz, at('2026-12-01T15:00:00Z'), at('2026-12-01T15:20:30Z'))).toBe(
      20 * 60 + 30,
    );
    // Across Christmas: Thursday 24th 16:00 to Monday 28th 09:30 is one hour and a half.
    expect(workingSecondsBetween(office, tz, at('2026-12-24T21:00:00Z'), at('2026-12-28T14:30:00Z'))).toBe(
      1.5 * HOUR,
    );
    expect(workingSecondsBetween(office, tz, at('2026-12-07T15:00:00Z'), at('2026-12-04T21:00:00Z'))).toBe(0);
  });

  it('makes a day of a daylight-saving change 23 or 25 hours long', () => {
    const allWeek = hours({ days: weekHours('00:00', '24:00', WEEKDAYS) });
    // Spring forward in London, Sunday 29 March 2026: midnight GMT to midnight BST.
    expect(
      workingSecondsBetween(allWeek, 'Europe/London', at('2026-03-29T00:00:00Z'), at('2026-03-29T23:00:00Z')),
    ).toBe(23 * HOUR);
    // Fall back in New York, Sunday 1 November 2026: midnight EDT (04:00Z) to midnight EST (05:00Z next day).
    expect(
      workingSecondsBetween(
        allWeek,
        'America/New_York',
        at('2026-11-01T04:00:00Z'),
        at('2026-11-02T05:00:00Z'),
      ),
    ).toBe(25 * HOUR);
    // A range over the change: 00:00 to 04:00 on the spring-forward night holds three real hours.
    const night = hours({ days: { sun: [{ start: '00:00', end: '04:00' }] } });
    expect(
      workingSecondsBetween(night, 'Europe/London', at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z')),
    ).toBe(3 * HOUR);
    // A range starting in the skipped hour (01:30 does not exist that night) opens when the clocks jump.
    const skipped = hours({ days: { sun: [{ start: '01:30', end: '03:00' }] } });
    expect(nextOpen(skipped, 'Europe/London', at('2026-03-28T12:00:00Z'))).toEqual(
      at('2026-03-29T01:00:00Z'),
    );
  });
});

describe('validation', () => {
  it('refuses malformed, reversed and overlapping ranges and dates that do not exist', () => {
    const issues = (input: unknown) =>
      (BusinessHoursBody.safeParse(input).error?.issues ?? []).map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(issues({ days: { mon: [{ start: '9:00', end: '17:00' }] } })).toEqual([
      'days.mon.0.start: Use HH:MM, from 00:00 to 24:00',
    ]);
    expect(issues({ days: { mon: [{ start: '17:00', end: '09:00' }] } })).toEqual([
      'days.mon.0.end: The closing time must be after the opening time',
    ]);
    expect(
      issues({
        days: {
          tue: [
            { start: '13:00', end: '18:00' },
            { start: '09:00', end: '13:30' },
          ],
        },
      }),
    ).toEqual(['days.tue.0.start: Overlaps another range of this day']);
    expect(issues({ days: {}, holidays: ['2026-04-31'] })).toEqual(['holidays.0: This date does not exist']);
    // Ranges come back in the order of the day; a holiday listed twice is one.
    expect(
      BusinessHoursBody.parse({
        days: {
          wed: [
            { start: '14:00', end: '18:00' },
            { start: '08:00', end: '12:00' },
          ],
        },
        holidays: ['2026-12-26', '2026-12-25', '2026-12-26'],
      }),
    ).toMatchObject({
      days: { wed: [{ start: '08:00' }, { start: '14:00' }], mon: [] },
      holidays: ['2026-12-25', '2026-12-26'],
    });
  });
});
