import { z } from 'zod';

/** The days of `business_hours.days`, Monday first as the product shows them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** At most this many opening ranges a day, and holidays in all. */
export const MAX_RANGES_PER_DAY = 6;
export const MAX_HOLIDAYS = 366;

/** A wall-clock time `HH:MM`; `24:00` ends a day that runs to midnight. */
const CLOCK = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const Clock = z.string('Use HH:MM, from 00:00 to 24:00').regex(CLOCK, 'Use HH:MM, from 00:00 to 24:00');
const wellFormed = (r: { start: unknown; end: unknown }) =>
  typeof r.start === 'string' && typeof r.end === 'string' && CLOCK.test(r.start) && CLOCK.test(r.end);

export const TimeRange = z
  .object({ start: Clock, end: Clock })
  // `HH:MM` strings sort as the times they name.
  .refine((r) => !wellFormed(r) || r.start < r.end, {
    message: 'The closing time must be after the opening time',
    path: ['end'],
  });
export type TimeRange = z.infer<typeof TimeRange>;

const isCalendarDate = (s: string) => {
  // A malformed value has its own message already.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return true;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date `YYYY-MM-DD` that exists (no 31 April). */
export const CalendarDate = z
  .string('Use a date as YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'This date does not exist');

const DayRanges = z
  .array(TimeRange)
  .max(MAX_RANGES_PER_DAY, `At most ${MAX_RANGES_PER_DAY} ranges a day`)
  .superRefine((ranges, ctx) => {
    const order = ranges
      .map((r, i) => ({ ...r, i }))
      .filter(wellFormed)
      .sort((a, b) => (a.start < b.start ? -1 : 1));
    for (let k = 1; k < order.length; k++) {
      if (order[k]!.start < order[k - 1]!.end) {
        ctx.addIssue({
          code: 'custom',
          message: 'Overlaps another range of this day',
          path: [order[k]!.i, 'start'],
        });
      }
    }
  })
  // Stored and shown in the order of the day.
  .transform((ranges) => [...ranges].sort((a, b) => (a.start < b.start ? -1 : 1)));

/**
 * When the company is open (contract section 9), read in the company's timezone: ranges per weekday (a day
 * left out or empty is closed) and holidays (closed all day). A company without business hours is always
 * open: responders never find it outside hours, and business-time metrics equal the plain ones.
 */
export const BusinessHours = z.object({
  days: z.object(
    Object.fromEntries(
      WEEKDAYS.map((d) => [d, z.array(z.object({ start: z.string(), end: z.string() }))]),
    ) as Record<Weekday, z.ZodArray<z.ZodObject<{ start: z.ZodString; end: z.ZodString }>>>,
  ),
  holidays: z.array(z.string()),
});
export type BusinessHours = z.infer<typeof BusinessHours>;

/** Business hours as written: checked, each day's ranges sorted, holidays de-duplicated and sorted. */
export const BusinessHoursBody = z.object({
  days: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, DayRanges.default([])])) as Record<
      Weekday,
      z.ZodDefault<typeof DayRanges>
    >,
    'Give the opening ranges of each day',
  ),
  holidays: z
    .array(CalendarDate, 'Give holidays as a list of dates')
    .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS} holidays`)
    .default([])
    // One date listed twice is one holiday.
    .transform((dates) => [...new Set(dates)].sort()),
});
export type BusinessHoursBody = z.input<typeof BusinessHoursBody>;

/** The same opening range on each of `days` (Monday to Friday unless given); the other days are closed. */
export const weekHours = (
  start: string,
  end: string,
  days: readonly Weekday[] = WEEKDAYS.slice(0, 5),
): BusinessHours['days'] =>
  Object.fromEntries(
    WEEKDAYS.map((d) => [d, days.includes(d) ? [{ start, end }] : []]),
  ) as BusinessHours['days'];
