import type { App, AppStats } from '@inbox/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Company-side keys start with ['company', companyId]: switching company never shows another company's
 * cache, and the admin pages' invalidations of ['company', id, 'apps'] reach these too.
 */
export const appStatsQuery = (companyId: number, appId: number) =>
  queryOptions({
    queryKey: ['company', companyId, 'app-stats', appId],
    queryFn: () => api.get<AppStats>('/app/stats', { query: { id: appId } }),
    staleTime: 30_000,
  });

export const visibleAppsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['company', companyId, 'apps', 'dashboard'],
    queryFn: () => api.list<App>('/apps', { query: { limit: 100 } }),
  });
