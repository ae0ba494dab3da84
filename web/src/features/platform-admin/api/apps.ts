import type { AdminCreateAppBody, App, UpdateAppBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { pageQuery } from '@/lib/page-query';
import { refreshSession } from '@/lib/session-refresh';
import { useWrite } from '@/lib/use-write';
import { PAGE, platformKeys } from './keys';

export const adminAppsQuery = (f: {
  company_id?: number;
  search?: string;
  offset?: number;
  limit?: number;
}) => pageQuery<App>([...platformKeys.apps, f], '/admin/apps', { limit: PAGE, ...f });

export const adminAppQuery = (id: number) =>
  queryOptions({
    queryKey: platformKeys.app(id),
    queryFn: () => api.get<App>('/admin/apps', { query: { id } }),
  });

function useAppsChanged() {
  const qc = useQueryClient();
  return (app?: App) => {
    if (app) qc.setQueryData(platformKeys.app(app.app_id), app);
    qc.invalidateQueries({ queryKey: platformKeys.apps });
    qc.invalidateQueries({ queryKey: platformKeys.companies });
    if (app) qc.invalidateQueries({ queryKey: platformKeys.company(app.company_id) });
    refreshSession();
  };
}

export function useCreateAdminApp() {
  return useWrite(
    (body: AdminCreateAppBody) => api.post<App>('/admin/apps', body),
    useAppsChanged(),
    (app) => `App "${app.app_name}" created`,
  );
}

export function useUpdateAdminApp(id: number) {
  return useWrite(
    (body: UpdateAppBody) => api.put<App>('/admin/apps', body, { query: { id } }),
    useAppsChanged(),
    () => 'App saved',
  );
}

export function useDeleteAdminApp() {
  const qc = useQueryClient();
  const changed = useAppsChanged();
  return useMutation({
    mutationFn: (app: Pick<App, 'app_id' | 'app_name' | 'company_id'>) =>
      api.delete('/admin/apps', { query: { id: app.app_id } }),
    onSuccess: (_, app) => {
      qc.removeQueries({ queryKey: platformKeys.app(app.app_id) });
      qc.invalidateQueries({ queryKey: platformKeys.queues });
      qc.invalidateQueries({ queryKey: platformKeys.company(app.company_id) });
      changed();
      toast.success(`App "${app.app_name}" deleted`);
    },
  });
}
