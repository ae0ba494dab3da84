import type { App, CreateAppBody, UpdateAppBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { refreshSession } from '@/lib/session-refresh';
import { useWrite } from '@/lib/use-write';
import { adminKeys } from './keys';

export interface AppFilters {
  search?: string;
  is_active?: boolean;
  offset?: number;
}

export const APPS_PAGE = 50;

export const appsQuery = (cid: number, f: AppFilters) =>
  pageQuery<App>([...adminKeys.apps(cid), 'list', f], '/apps', { ...f, limit: APPS_PAGE });

export const appQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: adminKeys.app(cid, appId),
    queryFn: () => api.get<App>('/apps', { query: { id: appId } }),
  });

function useAppsChanged(cid: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.apps(cid) });
    qc.invalidateQueries({ queryKey: adminKeys.stats(cid) });
    refreshSession();
  };
}

export function useCreateApp(cid: number) {
  return useWrite(
    (body: CreateAppBody) => api.post<App>('/apps', body),
    useAppsChanged(cid),
    (app) => `App "${app.app_name}" created`,
  );
}

export function useUpdateApp(cid: number) {
  const qc = useQueryClient();
  const changed = useAppsChanged(cid);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAppBody }) =>
      api.put<App>('/apps', body, { query: { id } }),
    onSuccess: (app, { body }) => {
      qc.setQueryData(adminKeys.app(cid, app.app_id), app);
      changed();
      const onlyStatus = Object.keys(body).length === 1 && body.is_active !== undefined;
      toast.success(
        onlyStatus ? `App "${app.app_name}" ${app.is_active ? 'activated' : 'deactivated'}` : 'App saved',
      );
    },
  });
}

export function useDeleteApp(cid: number) {
  const qc = useQueryClient();
  const changed = useAppsChanged(cid);
  return useMutation({
    mutationFn: (app: Pick<App, 'app_id' | 'app_name'>) => api.delete('/apps', { query: { id: app.app_id } }),
    onSuccess: (_, app) => {
      qc.removeQueries({ queryKey: adminKeys.app(cid, app.app_id) });
      changed();
      toast.success(`App "${app.app_name}" deleted`);
    },
  });
}
