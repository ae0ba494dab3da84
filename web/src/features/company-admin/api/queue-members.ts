import type { QueueMember } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useMemberWrites } from './member-writes';

export const queueMembersQuery = (cid: number, queueId: number) =>
  queryOptions({
    queryKey: adminKeys.queueMembers(cid, queueId),
    queryFn: () => api.list<QueueMember>('/queue/users', { query: { id: queueId, limit: 100 } }),
  });

function useQueueMembersChanged(cid: number, appId: number, queueId: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.queueMembers(cid, queueId) });
    qc.invalidateQueries({ queryKey: adminKeys.queues(cid, appId) });
  };
}

export function useQueueMemberWrites(cid: number, appId: number, queueId: number) {
  return useMemberWrites<QueueMember>({
    kind: 'queue',
    scopeId: queueId,
    listKey: adminKeys.queueMembers(cid, queueId),
    changed: useQueueMembersChanged(cid, appId, queueId),
    roleChanged: (m) => `${m.name} is now a queue ${m.role}`,
  });
}
