import type { Queue } from '@inbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useQueueWrites } from '@/components/admin/queue-writes';
import { pageQuery } from '@/lib/page-query';
import { PAGE, platformKeys } from './keys';

export const adminQueuesQuery = (f: {
  company_id?: number;
  app_id?: number;
  offset?: number;
  limit?: number;
}) => pageQuery<Queue>([...platformKeys.queues, f], '/admin/queues', { limit: PAGE, ...f });

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
