import type { CreateQueueBody, Queue, UpdateQueueBody } from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const queuesQuery = (cid: number, appId: number) =>
  queryOptions({
    queryKey: adminKeys.queues(cid, appId),
    queryFn: () => api.list<Queue>('/queues', { query: { app_id: appId, limit: 100 } }),
  });

function useQueuesChanged(cid: number, appId: number) {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.queues(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.app(cid, appId) });
    qc.invalidateQueries({ queryKey: adminKeys.apps(cid) });
    qc.invalidateQueries({ queryKey: adminKeys.stats(cid) });
  };
}

export function useCreateQueue(cid: number, appId: number) {
  const changed = useQueuesChanged(cid, appId);
  return useMutation({
    mutationFn: (body: CreateQueueBody) => api.post<Queue>('/queues', body),
    onSuccess: (q) => {
      changed();
      toast.success(`Queue "${q.queue_name}" created`);
    },
  });
}

export function useUpdateQueue(cid: number, appId: number) {
  const changed = useQueuesChanged(cid, appId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateQueueBody }) =>
      api.put<Queue>('/queues', body, { query: { id } }),
    onSuccess: () => {
      changed();
      toast.success('Queue saved');
    },
  });
}

export function useDeleteQueue(cid: number, appId: number) {
  const changed = useQueuesChanged(cid, appId);
  return useMutation({
    mutationFn: (q: Pick<Queue, 'queue_id' | 'queue_name'>) =>
      api.delete('/queues', { query: { id: q.queue_id } }),
    onSuccess: (_, q) => {
      changed();
      toast.success(`Queue "${q.queue_name}" deleted`);
    },
  });
}
