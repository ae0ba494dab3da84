import type { Queue } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useQueueWrites } from '@/components/admin/queue-writes';
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

/** Create, change and delete the queues of one app. */
export function useAppQueueWrites(cid: number, appId: number) {
  return useQueueWrites('/queues', useQueuesChanged(cid, appId));
}
