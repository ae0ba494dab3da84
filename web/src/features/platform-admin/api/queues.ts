import type { Queue } from '@inbox/contract';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useQueueWrites } from '@/components/admin/queue-writes';
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

/** Create, change and delete any company's queues. */
export const useAdminQueueWrites = () => useQueueWrites('/admin/queues', useQueuesChanged());
