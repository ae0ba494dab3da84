import type { AddQueueMemberBody, QueueMember, QueueRole } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { adminKeys, patchRows } from './keys';

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

export function useAddQueueMember(cid: number, appId: number, queueId: number) {
  const changed = useQueueMembersChanged(cid, appId, queueId);
  return useMutation({
    mutationFn: (body: AddQueueMemberBody) => api.post<QueueMember>('/queue/users', body),
    onSuccess: (m) => {
      changed();
      toast.success(`${m.name} added to the queue`);
    },
  });
}

export function useUpdateQueueMember(cid: number, appId: number, queueId: number) {
  const qc = useQueryClient();
  const changed = useQueueMembersChanged(cid, appId, queueId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: QueueRole }) =>
      api.put<QueueMember>('/queue/users', { role }, { query: { id: queueId, user_id: userId } }),
    onMutate: ({ userId, role }) =>
      patchRows<QueueMember>(qc, adminKeys.queueMembers(cid, queueId), (m) => m.user_id === userId, { role }),
    onSuccess: (m) => toast.success(`${m.name} is now a queue ${m.role}`),
    onSettled: changed,
  });
}

export function useRemoveQueueMember(cid: number, appId: number, queueId: number) {
  const changed = useQueueMembersChanged(cid, appId, queueId);
  return useMutation({
    mutationFn: (m: Pick<QueueMember, 'user_id' | 'name'>) =>
      api.delete('/queue/users', { query: { id: queueId, user_id: m.user_id } }),
    onSuccess: (_, m) => {
      changed();
      toast.success(`${m.name} removed from the queue`);
    },
  });
}
