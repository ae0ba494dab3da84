/** How often a warning that repeats while a dependency is down is written. */
const REPEATED_WARNING_MS = 5000;

/**
 * A warning that repeats for as long as a dependency is away (the database, for every request and every
 * retry) is written once per `everyMs`; the next one written says how many were left out. Without it an
 * outage under load wrote one line per request, thousands a second, burying the lines that matter.
 */
export function repeatedWarning(everyMs = REPEATED_WARNING_MS, now: () => number = Date.now) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (write: (extra: { suppressed?: number }) => void) => {
    const at = now();
    if (at - lastAt < everyMs) {
      suppressed++;
      return;
    }
    lastAt = at;
    const left = suppressed;
    suppressed = 0;
    write(left > 0 ? { suppressed: left } : {});
  };
}
