import { QueryClient } from '@tanstack/react-query';

/** Product spec section 9: fresh 5 minutes, kept 30 minutes, 1 retry, no refetch on window focus. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 30 * 60 * 1000,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
