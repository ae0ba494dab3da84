import { pages } from './pages';

/**
 * Product spec section 2: Dashboard and Conversations are preloaded about 1 s after start, Reports and Admin
 * about 3 s after.
 */
const PRELOADS: { delayMs: number; load: (() => Promise<unknown>)[] }[] = [
  { delayMs: 1000, load: [pages.dashboard, pages.conversations] },
  { delayMs: 3000, load: [pages.reports, pages.admin] },
];

/** Starts the timed preloads once; a failed preload is ignored (the route retries when visited). */
export function schedulePreloads(): () => void {
  const timers = PRELOADS.map(({ delayMs, load }) =>
    setTimeout(() => {
      for (const l of load) l().catch(() => undefined);
    }, delayMs),
  );
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}
