import type {
  AdminUser,
  AdminUserDetail,
  AppRole,
  CompanyRole,
  QueueRole,
  UserAppBody,
  UserAppLink,
  UserCompanyBody,
  UserCompanyLink,
  UserQueueBody,
  UserQueueLink,
} from '@inbox/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { platformKeys } from './keys';

export type CompanyMemberRow = AdminUser & { company_role: CompanyRole };
export type AppMemberRow = AdminUser & { app_role: AppRole };

/** A server that ignores the filter would answer every user: refuse that rather than list strangers. */
function requireRole<T extends AdminUser>(rows: AdminUser[], field: string): T[] {
  if (rows.some((r) => !(field in r))) throw new Error(`members without ${field}`);
  return rows as T[];
}

export const companyMembersQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...platformKeys.company(companyId), 'members'],
    queryFn: async () => {
      const page = await api.list<AdminUser>('/admin/users', {
        query: { company_id: companyId, limit: 100 },
      });
      return { ...page, data: requireRole<CompanyMemberRow>(page.data, 'company_role') };
    },
  });

export const appMembersQuery = (appId: number) =>
  queryOptions({
    queryKey: [...platformKeys.app(appId), 'members'],
    queryFn: async () => {
      const page = await api.list<AdminUser>('/admin/users', { query: { app_id: appId, limit: 100 } });
      return { ...page, data: requireRole<AppMemberRow>(page.data, 'app_role') };
    },
  });

type Detail = AdminUserDetail;
type RoleList<T> = { data: T[]; meta: unknown } | undefined;

/**
 * A role picked in a select shows at once (no flick back while the call runs) on the user page and in the
 * member lists; the refetch after the call confirms it or puts the server's truth back.
 */
async function patchRole(
  qc: QueryClient,
  userId: number,
  patch: { company?: [number, CompanyRole]; app?: [number, AppRole]; queue?: [number, QueueRole] },
) {
  await qc.cancelQueries({ queryKey: platformKeys.user(userId) });
  qc.setQueryData<Detail>(platformKeys.user(userId), (d) => {
    if (!d) return d;
    const { company, app, queue } = patch;
    return {
      ...d,
      companies: d.companies.map((c) =>
        company && c.company_id === company[0] ? { ...c, role: company[1] } : c,
      ),
      apps: d.apps.map((a) => (app && a.app_id === app[0] ? { ...a, role: app[1] } : a)),
      queues: d.queues.map((q) => (queue && q.queue_id === queue[0] ? { ...q, role: queue[1] } : q)),
    };
  });
  if (patch.company) {
    const [companyId, role] = patch.company;
    qc.setQueryData<RoleList<CompanyMemberRow>>(companyMembersQuery(companyId).queryKey, (l) =>
      l ? { ...l, data: l.data.map((m) => (m.user_id === userId ? { ...m, company_role: role } : m)) } : l,
    );
  }
  if (patch.app) {
    const [appId, role] = patch.app;
    qc.setQueryData<RoleList<AppMemberRow>>(appMembersQuery(appId).queryKey, (l) =>
      l ? { ...l, data: l.data.map((m) => (m.user_id === userId ? { ...m, app_role: role } : m)) } : l,
    );
  }
}

/** Every membership change touches the user page, member lists and the counts shown in lists. */
function useMembershipChanged() {
  const qc = useQueryClient();
  return (userId: number) => {
    qc.invalidateQueries({ queryKey: platformKeys.user(userId) });
    qc.invalidateQueries({ queryKey: platformKeys.all });
    refreshSession();
  };
}

const verbOf = (mode: 'add' | 'update' | 'remove') =>
  mode === 'add' ? 'added to' : mode === 'update' ? 'role changed in' : 'removed from';

export function useUserCompany() {
  const qc = useQueryClient();
  const changed = useMembershipChanged();
  return useMutation({
    mutationFn: async (
      v:
        | { mode: 'add' | 'update'; body: UserCompanyBody }
        | { mode: 'remove'; body: Omit<UserCompanyBody, 'company_role'> },
    ) => {
      if (v.mode === 'remove') return api.delete('/admin/user-company', { query: { ...v.body } });
      if (v.mode === 'add') return api.post<UserCompanyLink>('/admin/user-company', v.body);
      return api.put<UserCompanyLink>('/admin/user-company', v.body);
    },
    onMutate: (v) =>
      v.mode === 'update'
        ? patchRole(qc, v.body.user_id, { company: [v.body.company_id, v.body.company_role] })
        : undefined,
    onSettled: (_, __, v) => changed(v.body.user_id),
    onSuccess: (_, v) => {
      toast.success(v.mode === 'update' ? 'Company role changed' : `User ${verbOf(v.mode)} the company`);
    },
  });
}

export function useUserApp() {
  const qc = useQueryClient();
  const changed = useMembershipChanged();
  return useMutation({
    mutationFn: async (
      v:
        | { mode: 'add' | 'update'; body: UserAppBody }
        | { mode: 'remove'; body: { user_id: number; app_id: number } },
    ) => {
      if (v.mode === 'remove') return api.delete('/admin/user-app', { query: { ...v.body } });
      if (v.mode === 'add') return api.post<UserAppLink>('/admin/user-app', v.body);
      return api.put<UserAppLink>('/admin/user-app', v.body);
    },
    onMutate: (v) =>
      v.mode === 'update'
        ? patchRole(qc, v.body.user_id, { app: [v.body.app_id, v.body.app_role] })
        : undefined,
    onSettled: (_, __, v) => changed(v.body.user_id),
    onSuccess: (_, v) => {
      toast.success(v.mode === 'update' ? 'App role changed' : `User ${verbOf(v.mode)} the app`);
    },
  });
}

export function useUserQueue() {
  const qc = useQueryClient();
  const changed = useMembershipChanged();
  return useMutation({
    mutationFn: async (
      v:
        | { mode: 'add' | 'update'; body: UserQueueBody }
        | { mode: 'remove'; body: { user_id: number; queue_id: number } },
    ) => {
      if (v.mode === 'remove') return api.delete('/admin/user-queue', { query: { ...v.body } });
      if (v.mode === 'add') return api.post<UserQueueLink>('/admin/user-queue', v.body);
      return api.put<UserQueueLink>('/admin/user-queue', v.body);
    },
    onMutate: (v) =>
      v.mode === 'update'
        ? patchRole(qc, v.body.user_id, { queue: [v.body.queue_id, v.body.queue_role] })
        : undefined,
    onSettled: (_, __, v) => changed(v.body.user_id),
    onSuccess: (_, v) => {
      toast.success(v.mode === 'update' ? 'Queue role changed' : `User ${verbOf(v.mode)} the queue`);
    },
  });
}
