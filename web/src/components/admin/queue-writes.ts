import type { CreateQueueBody, Queue, UpdateQueueBody } from '@inbox/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';

/**
 * Create, change and delete a queue, for both admins: the company admin's `/queues` and the platform
 * admin's `/admin/queues` take the same bodies; each side says which of its cached lists a change touches.
 */
export function useQueueWrites(path: '/queues' | '/admin/queues', changed: (appId: number) => void) {
  const create = useMutation({
    mutationFn: (body: CreateQueueBody) => api.post<Queue>(path, body),
    onSuccess: (q) => {
      changed(q.app_id);
      toast.success(`Queue "${q.queue_name}" created`);
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateQueueBody }) =>
      api.put<Queue>(path, body, { query: { id } }),
    onSuccess: (q) => {
      changed(q.app_id);
      toast.success('Queue saved');
    },
  });
  const remove = useMutation({
    mutationFn: (q: Pick<Queue, 'queue_id' | 'queue_name' | 'app_id'>) =>
      api.delete(path, { query: { id: q.queue_id } }),
    onSuccess: (_, q) => {
      changed(q.app_id);
      toast.success(`Queue "${q.queue_name}" deleted`);
    },
  });
  return { create, update, remove };
}

export type QueueWrites = ReturnType<typeof useQueueWrites>;
