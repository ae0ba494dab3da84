import { useQuery } from '@tanstack/react-query';
import { QueuesCard } from '@/components/admin/queues-card';
import { adminQueuesQuery, useDeleteAdminQueue } from '../api/queues';
import { QueueDialog } from './queue-dialog';

/** Any app's queues, for a platform admin; members are managed on each user's page. */
export function AppQueuesCard({ appId }: { appId: number }) {
  return (
    <QueuesCard
      description="Teams of this app. Members are managed on each user's page."
      queues={useQuery(adminQueuesQuery({ app_id: appId, limit: 100 }))}
      remove={useDeleteAdminQueue()}
      dialog={(slot) => <QueueDialog appId={appId} {...slot} />}
    />
  );
}
