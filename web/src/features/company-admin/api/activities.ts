import type { Activity } from '@inbox/contract';
import { pageQuery } from '@/lib/page-query';
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
  pageQuery<Activity>([...adminKeys.activities(cid), f], '/activities', { limit: ACTIVITIES_PAGE, ...f });
