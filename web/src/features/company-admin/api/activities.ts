import type { Activity } from '@inbox/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const ACTIVITIES_PAGE = 50;

export type ActivityFilters = {
  type?: string;
  user_id?: number;
  from?: string;
  to?: string;
  offset?: number;
};

export const activitiesQuery = (cid: number, f: ActivityFilters) =>
  queryOptions({
    queryKey: [...adminKeys.activities(cid), f],
    queryFn: () => api.list<Activity>('/activities', { query: { limit: ACTIVITIES_PAGE, ...f } }),
    placeholderData: keepPreviousData,
  });
