import { QueryClient } from '@tanstack/react-query';

/** Product spec section 9: fresh 5 minutes, kept 30 minutes, 1 retry, no refetch on window focus. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 30 * 60 * 1000,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS },
      // A send or a sign-in runs even when the browser says it is offline: it then fails at once with the
      // network sentence and can be tried again, instead of waiting paused on "Sending..." (decision 018).
      mutations: { networkMode: 'always' },
    },
  });
}
