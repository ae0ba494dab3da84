import { type BusinessHours, WEEKDAYS } from './business-hours.ts';

/**
 * Shared by the server and the console (the console's snooze presets, "the company's next opening").
 * Business-hours arithmetic in a company's timezone (contract section 9): "is it open at T", "when does it
 * next open" and "how many working seconds lie between A and B". `null` hours mean always open. Wall-clock
 * times become instants through the zone's offset at that moment, so a day with a daylight-saving change is
 * 23 or 25 hours long and a range spanning the change is an hour shorter or longer.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far ahead `nextOpen` looks: a year of holidays and closed days. */
const LOOKAHEAD_DAYS = 400;

interface LocalDate {
  /** `YYYY-MM-DD` */
  date: string;
  weekday: (typeof WEEKDAYS)[number];
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The wall clock of `t` in the zone, as the UTC instant with those fields (the zone's offset added). */
function wallClock(t: number, timezone: string) {
  const parts = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

export function localDate(t: number, timezone: string): LocalDate {
  const wall = wallClock(t, timezone);
  const d = new Date(wall);
  // getUTCDay: Sunday 0; WEEKDAYS starts on Monday.
  const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
  return { date: d.toISOString().slice(0, 10), weekday, minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

/**
 * The instant the zone's clocks show `minutes` past midnight of `date`. A time skipped by a spring-forward
 * change falls on the instant the clocks jump to; a repeated one on its first occurrence.
 */
export function instantOf(date: string, minutes: number, timezone: string) {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  const guess = wall - (wallClock(wall, timezone) - wall);
  const other = wall - (wallClock(guess, timezone) - guess);
  const shows = (t: number) => wallClock(t, timezone) === wall;
  if (shows(guess) && shows(other)) return Math.min(guess, other);
  if (shows(guess) || shows(other)) return shows(guess) ? guess : other;
  // In the gap: the first minute whose clock reads past `wall`, between the two candidates.
  let [lo, hi] = [Math.min(guess, other), Math.max(guess, other)];
  while (hi - lo > MINUTE) {
    const mid = lo + Math.max(MINUTE, Math.floor((hi - lo) / 2 / MINUTE) * MINUTE);
    if (wallClock(mid, timezone) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The opening intervals `[start, end)` in ms of one local date, none on a holiday. */
function intervalsOn(hours: BusinessHours, timezone: string, date: string): [number, number][] {
  if (hours.holidays.includes(date)) return [];
  return (hours.days[weekdayOf(date)] ?? []).map((r) => [
    instantOf(date, minutesOf(r.start), timezone),
    instantOf(date, minutesOf(r.end), timezone),
  ]);
}

export function isOpenAt(hours: BusinessHours | null, timezone: string, at: Date): boolean {
  if (!hours) return true;
  const t = at.getTime();
  const local = localDate(t, timezone);
  // Yesterday's last range may end past midnight only at 24:00, which is today's 00:00: today alone decides.
  return intervalsOn(hours, timezone, local.date).some(([start, end]) => start <= t && t < end);
}

/** The first instant at or after `at` when the company is open; null when it never opens in the next year. */
export function nextOpen(hours: BusinessHours | null, timezone: string, at: Date): Date | null {
  if (!hours) return at;
  const t = at.getTime();
  const today = localDate(t, timezone).date;
  for (let i = 0; i <= LOOKAHEAD_DAYS; i++) {
    for (const [start, end] of intervalsOn(hours, timezone, addDays(today, i))) {
      if (end > t) return new Date(Math.max(start, t));
    }
  }
  return null;
}

/** Seconds between `from` and `to` during which the company is open (0 when `to` is not after `from`). */
export function workingSecondsBetween(
  hours: BusinessHours | null,
  timezone: string,
  from: Date,
  to: Date,
): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (!hours) return (b - a) / 1000;
  let total = 0;
  const last = localDate(b, timezone).date;
  for (let date = localDate(a, timezone).date; date <= last; date = addDays(date, 1)) {
    for (const [start, end] of intervalsOn(hours, timezone, date)) {
      total += Math.max(0, Math.min(end, b) - Math.max(start, a));
    }
  }
  return total / 1000;
}

/**
 * The instant `seconds` of open time after `from` (a service level's due time counted in business hours,
 * issue 45); null when the company does not open that long within the next year.
 */
export function addWorkingSeconds(
  hours: BusinessHours | null,
  timezone: string,
  from: Date,
  seconds: number,
): Date | null {
  const a = from.getTime();
  if (!hours) return new Date(a + seconds * 1000);
  let left = seconds * 1000;
  const today = localDate(a, timezone).date;
  for (let i = 0; i <= LOOKAHEAD_DAYS; i++) {
    for (const [start, end] of intervalsOn(hours, timezone, addDays(today, i))) {
      const s = Math.max(start, a);
      if (end <= s) continue;
      if (end - s >= left) return new Date(s + left);
      left -= end - s;
    }
  }
  return null;
}
