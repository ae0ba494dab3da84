import { useCallback, useEffect, useRef } from 'react';
import { portalApi } from '../api';
import { TYPING_RESET_MS, TYPING_THROTTLE_MS } from '../constants';

/**
 * Tells support the customer is typing (product spec sections 4 and 9): at most one signal every 3 s while
 * keys come in. The local typing state resets 10 s after the last key, so a new burst of typing signals on
 * its first key.
 */
export function useTypingSignal(token: string, enabled: boolean) {
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const onType = useCallback(() => {
    if (!enabled) return;
    const now = Date.now();
    if (now - lastSent.current >= TYPING_THROTTLE_MS) {
      lastSent.current = now;
      portalApi.typing(token).catch(() => {});
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      lastSent.current = 0;
    }, TYPING_RESET_MS);
  }, [token, enabled]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return onType;
}
