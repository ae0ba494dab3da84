import type { AddAppMemberBody, AppMember, AppRole } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { adminKeys, patchRows, withArticle } from './keys';

export const appMembersQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: adminKeys.appMembers(cid, appId),
    queryFn: () => api.list<AppMember>('/app/users', { query: { id: appId, limit: 100 } }),
  });

function useMembersChanged(cid: number, appId: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.appMembers(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.app(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.apps(cid) });
    qc.invalidateQueries({ queryKey: adminKeys.stats(cid) });
    // The caller's own app roles (and so the sidebar) may have changed.
    refreshSession();
  };
}

export function useAddAppMember(cid: number, appId: number) {
  const changed = useMembersChanged(cid, appId);
  return useMutation({
    mutationFn: (body: AddAppMemberBody) => api.post<AppMember>('/app/users', body),
    onSuccess: (m) => {
      changed();
      toast.success(`${m.name} added to the app`);
    },
  });
}

export function useUpdateAppMember(cid: number, appId: number) {
  const qc = useQueryClient();
  const changed = useMembersChanged(cid, appId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: AppRole }) =>
      api.put<AppMember>('/app/users', { role }, { query: { id: appId, user_id: userId } }),
    onMutate: ({ userId, role }) =>
      patchRows<AppMember>(qc, adminKeys.appMembers(cid, appId), (m) => m.user_id === userId, { role }),
    onSuccess: (m) => toast.success(`${m.name} is now ${withArticle(m.role)}`),
    onSettled: changed,
  });
}

export function useRemoveAppMember(cid: number, appId: number) {
  const changed = useMembersChanged(cid, appId);
  return useMutation({
    mutationFn: (m: Pick<AppMember, 'user_id' | 'name'>) =>
      api.delete('/app/users', { query: { id: appId, user_id: m.user_id } }),
    onSuccess: (_, m) => {
      changed();
      toast.success(`${m.name} removed from the app`);
    },
  });
}
