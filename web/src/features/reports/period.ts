/** The report periods of the date range picker: presets, or custom dates (both included). */
export const PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  month: 'This month',
  custom: 'Custom',
};

export interface Period {
  from: string;
  to: string;
}

/** Today's date (`YYYY-MM-DD`) in a timezone: reports count days in the company's timezone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The period of a preset ending today (custom keeps what was chosen, or the last 7 days). */
export function periodOf(preset: Preset, today: string, custom?: Partial<Period>): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'custom':
      if (custom?.from && custom.to && custom.from <= custom.to) return { from: custom.from, to: custom.to };
      return { from: addDays(today, -6), to: today };
    default:
      return { from: addDays(today, -6), to: today };
  }
}

/** The chart's natural grain for a period: days up to two months, then weeks, months beyond half a year. */
export function intervalFor(p: Period): 'day' | 'week' | 'month' {
  const days = (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 + 1;
  return days <= 62 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** The change from the previous period, as a whole percentage (null when there is nothing to compare). */
export function change(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** Seconds as a person reads a duration: 45 s, 12 min, 3.5 h, 2.1 d. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1).replace(/\.0$/, '')} h`;
  return `${(seconds / 86_400).toFixed(1).replace(/\.0$/, '')} d`;
}
