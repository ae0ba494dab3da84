import { useQuery } from '@tanstack/react-query';
import { QueuesCard } from '@/components/admin/queues-card';
import { adminQueuesQuery, useAdminQueueWrites } from '../api/queues';
import { AdminQueueDialog } from './queue-dialog';

/** Any app's queues, for a platform admin; members are managed on each user's page. */
export function AppQueuesCard({ appId }: { appId: number }) {
  return (
    <QueuesCard
      description="Teams of this app. Members are managed on each user's page."
      queues={useQuery(adminQueuesQuery({ app_id: appId, limit: 100 }))}
      remove={useAdminQueueWrites().remove}
      dialog={(slot) => <AdminQueueDialog appId={appId} {...slot} />}
    />
  );
}
