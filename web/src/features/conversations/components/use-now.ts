import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (relative times like '5m ago' stay true without a reload). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
