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
import { toastError } from '@/components/server-errors';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { platformKeys } from './keys';

/** The scopes whose members a platform-admin page lists: a company's or an app's people with their role there. */
export type MemberScope = 'company' | 'app';
type ScopeRole = CompanyRole & AppRole;
export type ScopeMemberRow = AdminUser & { role: ScopeRole };

/** A server that ignores the filter would answer every user: refuse that rather than list strangers. */
function requireRole(rows: AdminUser[], field: `${MemberScope}_role`): ScopeMemberRow[] {
  if (rows.some((r) => !r[field])) throw new Error(`members without ${field}`);
  return rows.map((r) => ({ ...r, role: r[field] as ScopeRole }));
}

/** `/admin/users` filtered by `company_id` or `app_id`: the scope's members, each with `role` there. */
export const membersQuery = (kind: MemberScope, id: number) =>
  queryOptions({
    queryKey: [...platformKeys[kind](id), 'members'],
    queryFn: async () => {
      const page = await api.list<AdminUser>('/admin/users', { query: { [`${kind}_id`]: id, limit: 100 } });
      return { ...page, data: requireRole(page.data, `${kind}_role`) };
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
  for (const kind of ['company', 'app'] as const) {
    const change = patch[kind];
    if (!change) continue;
    const [id, role] = change;
    qc.setQueryData<RoleList<ScopeMemberRow>>(membersQuery(kind, id).queryKey, (l) =>
      l ? { ...l, data: l.data.map((m) => (m.user_id === userId ? { ...m, role } : m)) } : l,
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

interface Links {
  company: { body: UserCompanyBody; link: UserCompanyLink };
  app: { body: UserAppBody; link: UserAppLink };
  queue: { body: UserQueueBody; link: UserQueueLink };
}

/** Adding a user to a company, app or queue, changing its role there, or removing it: one call each. */
type LinkChange<K extends keyof Links> =
  | { mode: 'add' | 'update'; body: Links[K]['body'] }
  | { mode: 'remove'; body: { user_id: number } & Record<`${K}_id`, number> };

type Roles = { company: CompanyRole; app: AppRole; queue: QueueRole };

/** One kind of membership as the cards use it: the pending state and one call per change. */
export interface MembershipLink<R extends string> {
  /** A failure is a toast with the server's sentence; `onSuccess` clears an add form. */
  change: (
    mode: 'add' | 'update' | 'remove',
    userId: number,
    id: number,
    role?: R,
    onSuccess?: () => void,
  ) => void;
  adding: boolean;
  busy: boolean;
}

/** A user's membership of a company, app or queue (`/admin/user-company` and the like), from either side. */
export function useMembershipLink<K extends keyof Links>(kind: K): MembershipLink<Roles[K]> {
  const qc = useQueryClient();
  const changed = useMembershipChanged();
  const path = `/admin/user-${kind}`;
  const mutation = useMutation({
    mutationFn: async (v: LinkChange<K>) => {
      if (v.mode === 'remove') return api.delete(path, { query: { ...v.body } });
      if (v.mode === 'add') return api.post<Links[K]['link']>(path, v.body);
      return api.put<Links[K]['link']>(path, v.body);
    },
    onMutate: (v) => {
      if (v.mode !== 'update') return undefined;
      const body = v.body as unknown as Record<string, never>;
      return patchRole(qc, v.body.user_id, { [kind]: [body[`${kind}_id`], body[`${kind}_role`]] });
    },
    onSettled: (_, __, v) => changed(v.body.user_id),
    onSuccess: (_, v) => {
      const role = `${kind[0]!.toUpperCase()}${kind.slice(1)} role changed`;
      toast.success(v.mode === 'update' ? role : `User ${verbOf(v.mode)} the ${kind}`);
    },
  });
  return {
    change: (mode, user_id, id, role, onSuccess) => {
      const body = { user_id, [`${kind}_id`]: id, ...(role && { [`${kind}_role`]: role }) };
      mutation.mutate({ mode, body } as LinkChange<K>, { onSuccess, onError: (e) => toastError(e) });
    },
    adding: mutation.isPending && mutation.variables?.mode === 'add',
    busy: mutation.isPending,
  };
}
