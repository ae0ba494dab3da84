/**
 * A chart's value axis on round numbers. Left to itself recharts divides the data's range evenly, so a
 * response-time axis read 33 min, 1.1 h, 1.7 h. Here the step is picked first, from steps a person counts
 * in, and the ticks are its multiples from zero up to the first one at or above the data's largest value.
 */
export interface NiceAxis {
  /** From 0 to the top tick, every step. */
  ticks: number[];
  domain: [number, number];
  /** A tick's label, in one unit for the whole axis (the step's), so neighbours read alike. */
  format: (value: number) => string;
}

/** At most this many steps between 0 and the top: enough lines to read a value off, few enough to label. */
const MAX_STEPS = 5;

const SECOND = 1;
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

const DURATION_UNITS = [
  { size: SECOND, label: 's', steps: [1, 2, 5, 10, 15, 30] },
  { size: MINUTE, label: 'min', steps: [1, 2, 5, 10, 15, 30] },
  { size: HOUR, label: 'h', steps: [1, 2, 3, 6, 12] },
] as const;

/** 1, 2, 5, 10, 20, 50, ... up to and including the first that fits `max` in MAX_STEPS. */
function oneTwoFive(max: number): number {
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const m of [1, 2, 5]) if (m * magnitude * MAX_STEPS >= max) return m * magnitude;
  }
}

function axisOf(max: number, step: number, format: (value: number) => string): NiceAxis {
  const top = Math.max(1, Math.ceil(max / step)) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return { ticks, domain: [0, top], format };
}

/** A count axis (conversations, messages): whole numbers on 1, 2 or 5 times a power of ten. */
export function countAxis(max: number): NiceAxis {
  const m = Number.isFinite(max) && max > 0 ? max : 0;
  return axisOf(m, oneTwoFive(m), (v) => v.toLocaleString());
}

/** A duration axis in seconds: steps of 1–30 s, 1–30 min, 1–12 h, then whole days (1, 2, 5, 10, ...). */
export function durationAxis(maxSeconds: number): NiceAxis {
  const m = Number.isFinite(maxSeconds) && maxSeconds > 0 ? maxSeconds : 0;
  // Past a day, whole days read better than 36 or 60 hours.
  for (const unit of m > DAY ? [] : DURATION_UNITS) {
    for (const s of unit.steps) {
      const step = s * unit.size;
      if (step * MAX_STEPS >= m) return axisOf(m, step, (v) => labelIn(v, unit.size, unit.label));
    }
  }
  const step = oneTwoFive(m / DAY) * DAY;
  return axisOf(m, step, (v) => labelIn(v, DAY, 'd'));
}

const labelIn = (seconds: number, size: number, label: string) =>
  seconds === 0 ? '0' : `${(seconds / size).toLocaleString()} ${label}`;
