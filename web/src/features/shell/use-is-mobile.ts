import { useSyncExternalStore } from 'react';

/** Product spec section 9: under 768 px the sidebar becomes a slide-over drawer. */
export const MOBILE_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const media = matchMedia(MOBILE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
