import { addDays, type BusinessHours, instantOf, isOpenAt, localDate, nextOpen } from '@inbox/contract';

/** One choice of the snooze menu: when it wakes (null: when the customer writes). */
export interface SnoozePreset {
  key: 'hour' | 'tonight' | 'tomorrow' | 'next_week' | 'next_open' | 'reply';
  label: string;
  until: Date | null;
}

const HOUR = 3600_000;
const TONIGHT = 18 * 60;
const MORNING = 9 * 60;

/** "Mon 09:00" in the company's timezone, for the menu. */
export function whenLabel(at: Date, timezone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  }).format(at);
}

/**
 * The snooze menu's presets, computed in the company's timezone (contract section 13): in an hour, tonight
 * at 18:00 (while it is still before then), tomorrow at 09:00, next Monday at 09:00, the company's next
 * opening from its business hours (when it is closed now), and until the customer replies.
 */
export function snoozePresets(now: Date, timezone: string, hours: BusinessHours | null): SnoozePreset[] {
  const t = now.getTime();
  const today = localDate(t, timezone);
  const at = (date: string, minutes: number) => new Date(instantOf(date, minutes, timezone));
  const out: SnoozePreset[] = [{ key: 'hour', label: '1 hour', until: new Date(t + HOUR) }];
  if (today.minutes < TONIGHT - 30)
    out.push({ key: 'tonight', label: 'Tonight', until: at(today.date, TONIGHT) });
  out.push({ key: 'tomorrow', label: 'Tomorrow morning', until: at(addDays(today.date, 1), MORNING) });
  // WEEKDAYS starts on Monday: days until the next Monday, a whole week on a Monday.
  const toMonday = 7 - ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(today.weekday);
  out.push({ key: 'next_week', label: 'Next week', until: at(addDays(today.date, toMonday), MORNING) });
  if (hours && !isOpenAt(hours, timezone, now)) {
    const open = nextOpen(hours, timezone, now);
    if (open) out.push({ key: 'next_open', label: 'Next opening', until: open });
  }
  out.push({ key: 'reply', label: 'Until the customer replies', until: null });
  return out;
}

/** A date (`YYYY-MM-DD`) and a time (`HH:MM`) read on the company's clocks, as an instant. */
export function companyInstant(date: string, time: string, timezone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return new Date(instantOf(date, minutes, timezone));
}
