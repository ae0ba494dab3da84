import type { Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueueDialog } from '@/components/admin/queue-dialog';
import { QueuesCard } from '@/components/admin/queues-card';
import { queuesQuery, useAppQueueWrites } from '../api/queues';
import { QueueMembersDialog } from './queue-members-dialog';

/** The queues of an app on its company admin page, each with its members. */
export function AppQueuesCard({ companyId, appId }: { companyId: number; appId: number }) {
  const [membersOf, setMembersOf] = useState<Queue | null>(null);
  const writes = useAppQueueWrites(companyId, appId);
  return (
    <>
      <QueuesCard
        description="Teams inside this app. Conversations arrive in a queue and its members answer them."
        queues={useQuery(queuesQuery(companyId, appId))}
        remove={writes.remove}
        dialog={(slot) => <QueueDialog appId={appId} writes={writes} {...slot} />}
        onMembers={setMembersOf}
      />
      <QueueMembersDialog
        companyId={companyId}
        queue={membersOf}
        onOpenChange={(open) => !open && setMembersOf(null)}
      />
    </>
  );
}
