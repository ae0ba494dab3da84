import type { CreateQueueBody, Queue, UpdateQueueBody } from '@inbox/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { PAGE, platformKeys } from './keys';

export const adminQueuesQuery = (f: {
  company_id?: number;
  app_id?: number;
  offset?: number;
  limit?: number;
}) =>
  queryOptions({
    queryKey: [...platformKeys.queues, f],
    queryFn: () => api.list<Queue>('/admin/queues', { query: { limit: PAGE, ...f } }),
    placeholderData: keepPreviousData,
  });

function useQueuesChanged() {
  const qc = useQueryClient();
  return (appId?: number) => {
    qc.invalidateQueries({ queryKey: platformKeys.queues });
    qc.invalidateQueries({ queryKey: platformKeys.apps });
    if (appId) qc.invalidateQueries({ queryKey: platformKeys.app(appId) });
  };
}

export function useCreateAdminQueue() {
  const changed = useQueuesChanged();
  return useMutation({
    mutationFn: (body: CreateQueueBody) => api.post<Queue>('/admin/queues', body),
    onSuccess: (q) => {
      changed(q.app_id);
      toast.success(`Queue "${q.queue_name}" created`);
    },
  });
}

export function useUpdateAdminQueue() {
  const changed = useQueuesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateQueueBody }) =>
      api.put<Queue>('/admin/queues', body, { query: { id } }),
    onSuccess: (q) => {
      changed(q.app_id);
      toast.success('Queue saved');
    },
  });
}

export function useDeleteAdminQueue() {
  const changed = useQueuesChanged();
  return useMutation({
    mutationFn: (q: Pick<Queue, 'queue_id' | 'queue_name' | 'app_id'>) =>
      api.delete('/admin/queues', { query: { id: q.queue_id } }),
    onSuccess: (_, q) => {
      changed(q.app_id);
      toast.success(`Queue "${q.queue_name}" deleted`);
    },
  });
}
