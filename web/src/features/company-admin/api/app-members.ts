import type { AppMember } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { adminKeys, withArticle } from './keys';
import { useMemberWrites } from './member-writes';

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

export function useAppMemberWrites(cid: number, appId: number) {
  return useMemberWrites<AppMember>({
    kind: 'app',
    scopeId: appId,
    listKey: adminKeys.appMembers(cid, appId),
    changed: useMembersChanged(cid, appId),
    roleChanged: (m) => `${m.name} is now ${withArticle(m.role)}`,
  });
}
