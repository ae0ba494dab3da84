import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * One page of a list the console pages through (`GET {path}` with limit, offset and filters); the page on
 * screen stays while the next one loads, so the table does not jump back to a spinner.
 */
export const pageQuery = <T>(
  queryKey: QueryKey,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
) =>
  queryOptions({
    queryKey,
    queryFn: () => api.list<T>(path, { query }),
    placeholderData: keepPreviousData,
  });
